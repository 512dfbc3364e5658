import Description from '@mui/icons-material/Description';
import Folder from '@mui/icons-material/Folder';
import FolderZip from '@mui/icons-material/FolderZip';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Slideshow from '@mui/icons-material/Slideshow';
import TableChart from '@mui/icons-material/TableChart';
import TextSnippet from '@mui/icons-material/TextSnippet';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { type FileKind, fileKindOf, KIND_COLOURS } from './file-types';

const ICONS: Record<FileKind, ComponentType<SvgIconProps>> = {
  pdf: PictureAsPdf,
  image: Image,
  word: Description,
  sheet: TableChart,
  slides: Slideshow,
  text: TextSnippet,
  archive: FolderZip,
  other: InsertDriveFile,
};

/** A folder, or a document's icon and colour by extension (spec section 3). */
export function NodeIcon({
  type,
  extension,
  fontSize = 'medium',
}: {
  type: 'folder' | 'document';
  extension?: string | null;
  fontSize?: SvgIconProps['fontSize'];
}) {
  if (type === 'folder') return <Folder fontSize={fontSize} sx={{ color: '#f9a825' }} aria-hidden />;
  const kind = fileKindOf(extension);
  const Icon = ICONS[kind];
  return <Icon fontSize={fontSize} sx={{ color: KIND_COLOURS[kind] }} aria-hidden data-kind={kind} />;
}
