import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { parseCsv } from './csv';

/** Text shown as it is; CSV as a table (its first 1000 rows). */
export function TextView({ blob, csv }: { blob: Blob; csv: boolean }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void blob.text().then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [blob]);
  if (text === null) return null;
  if (csv)
    return (
      <Box sx={{ overflow: 'auto', p: 1 }}>
        <Table size="small" data-testid="viewer-csv">
          <TableBody>
            {parseCsv(text).map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no other identity.
              <TableRow key={i}>
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells neither.
                  <TableCell key={j} sx={{ whiteSpace: 'nowrap', fontWeight: i === 0 ? 700 : 400 }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  return (
    <Box
      component="pre"
      data-testid="viewer-text"
      sx={{ m: 0, p: 2, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 14 }}
    >
      {text}
    </Box>
  );
}
