// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiTable from '@mui/material/Table';
import MuiTableBody from '@mui/material/TableBody';
import MuiTableCell, { type TableCellProps } from '@mui/material/TableCell';
import MuiTableContainer from '@mui/material/TableContainer';
import MuiTableHead from '@mui/material/TableHead';
import MuiTablePagination from '@mui/material/TablePagination';
import MuiTableRow from '@mui/material/TableRow';
import MuiTableSortLabel from '@mui/material/TableSortLabel';
import type { UiButtonBase, UiComponent, UiOverridable } from './ui-component.ts';
export const Table = MuiTable as UiOverridable<typeof MuiTable>;
export const TableBody = MuiTableBody as UiOverridable<typeof MuiTableBody>;
export const TableCell = MuiTableCell as UiComponent<TableCellProps>;
export const TableContainer = MuiTableContainer as UiOverridable<typeof MuiTableContainer>;
export const TableHead = MuiTableHead as UiOverridable<typeof MuiTableHead>;
export const TablePagination = MuiTablePagination as UiOverridable<typeof MuiTablePagination>;
export const TableRow = MuiTableRow as UiOverridable<typeof MuiTableRow>;
export const TableSortLabel = MuiTableSortLabel as UiButtonBase<typeof MuiTableSortLabel>;
