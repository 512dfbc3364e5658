import Typography from '@mui/material/Typography';

/** Splits plain text into paragraphs (such texts are never rendered as HTML). */
export const toParagraphs = (content: string): string[] =>
  content
    .split(/\r?\n\s*\r?\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A plain text (terms of use...) as paragraphs. */
export function PlainText({ content }: { content: string }) {
  return toParagraphs(content).map((p, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a static text
    <Typography key={i} component="p">
      {p}
    </Typography>
  ));
}
