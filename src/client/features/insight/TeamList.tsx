import { CloseIcon } from '../../components/ui/icons/CloseIcon.ts';
import { EditIcon } from '../../components/ui/icons/EditIcon.ts';
import { SearchIcon } from '../../components/ui/icons/SearchIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Link } from '../../components/ui/Link.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { LinearProgress } from '../../components/ui/LinearProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { InputAdornment } from '../../components/ui/InputAdornment.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel } from '../../components/ui/Table.ts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { InsightRow, InsightSort } from '../../../shared/schemas/insight.ts';
import { useInsightList } from './api/get-insight-list.ts';
import { formatCredits, formatDate } from './format.ts';
import { PAGE_SIZE, firstDirection, readListParams, withListParams } from './list-params.ts';
import { INSIGHT_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const SEARCH_DELAY_MS = 300;

interface Column {
  label: string;
  sort?: InsightSort;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { label: INSIGHT_TEXTS.colTeam, sort: 'name' },
  { label: INSIGHT_TEXTS.colUsers, sort: 'users', numeric: true },
  { label: INSIGHT_TEXTS.colMikas, sort: 'mikas', numeric: true },
  { label: INSIGHT_TEXTS.colCredits, sort: 'credits', numeric: true },
  { label: INSIGHT_TEXTS.colSubscription },
  { label: INSIGHT_TEXTS.colDeletedAt, sort: 'deleted_at' },
];

// The team column stays in view while the others scroll sideways (phones): an opaque background.
const stickyTeam = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 168, sm: 220 },
  maxWidth: 300,
} as const;
const deletedShade = 'linear-gradient(rgba(255, 255, 255, 0.06), rgba(255, 255, 255, 0.06))';

/**
 * The team list (docs/product/operator-area.md: "List"): search by team or e-mail, sortable columns, 100 rows per
 * page, the pencil to a team's action view. On a phone the table scrolls inside its card.
 */
export function TeamList() {
  const [params, setParams] = useSearchParams();
  const query = readListParams(params);
  const list = useInsightList(query);
  const [input, setInput] = useState(query.search);

  // Typing searches after a short pause and starts again on page 1. A team opened within the pause
  // cancels it: navigations are transitions, so the timer could otherwise fire before this list is
  // gone and replace the team's URL by the list's (setParams knows only this render's parameters).
  const pendingSearch = useRef<number | undefined>(undefined);
  const cancelSearch = () => window.clearTimeout(pendingSearch.current);
  useEffect(() => {
    const search = input.trim();
    if (search === query.search) return;
    pendingSearch.current = window.setTimeout(() => {
      const live = new URLSearchParams(window.location.search);
      if (!live.has('team')) setParams(withListParams(live, { search, page: 1 }), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(pendingSearch.current);
  }, [input, query.search, setParams]);

  const sortBy = (sort: InsightSort) =>
    setParams((prev) =>
      withListParams(prev, {
        sort,
        direction: query.sort === sort ? (query.direction === 'asc' ? 'desc' : 'asc') : firstDirection(sort),
        page: 1,
      }),
    );
  const teamHref = (uuid: string) => {
    const next = new URLSearchParams(params);
    next.set('team', uuid);
    return `/Insight?${next.toString()}`;
  };

  const data = list.data;
  let rows;
  if (list.isPending) {
    rows = Array.from({ length: 5 }, (_, i) => (
      <TableRow key={i}>
        {COLUMNS.map((column) => (
          <TableCell key={column.label} sx={column.sort === 'name' ? stickyTeam : undefined}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
        <TableCell />
      </TableRow>
    ));
  } else if (data && data.data.length > 0) {
    rows = data.data.map((row) => <TeamRow key={row.uuid} row={row} href={teamHref(row.uuid)} onOpen={cancelSearch} />);
  }

  return (
    <Card sx={{ maxWidth: 'none', minWidth: 0, position: 'relative' }} data-testid="insight-teams">
      <Box sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="search"
          label={INSIGHT_TEXTS.search}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          size="small"
          autoComplete="off"
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
          htmlInput={{ maxLength: 100, spellCheck: false }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon size="small" />
            </InputAdornment>
          }
          endAdornment={
            input ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={INSIGHT_TEXTS.searchClear} onClick={() => setInput('')}>
                  <CloseIcon size="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </Box>
      {list.isFetching && !list.isPending && (
        <LinearProgress aria-label={INSIGHT_TEXTS.listLoading} sx={{ position: 'absolute', left: 0, right: 0, height: 2 }} />
      )}

      {list.isError && !data ? (
        <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5 }}>
          <LoadFailed query={list} text={INSIGHT_TEXTS.listLoadFailed} />
        </Box>
      ) : (
        <>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={INSIGHT_TEXTS.tableLabel}
            sx={{ borderTop: 1, borderColor: 'divider', '&:focus-visible': { outlineOffset: '-2px' } }}
          >
            <Table size="small" aria-label={INSIGHT_TEXTS.tableLabel} aria-busy={list.isFetching} sx={{ minWidth: 780 }}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => {
                    const active = column.sort !== undefined && query.sort === column.sort;
                    return (
                      <TableCell
                        key={column.label}
                        align={column.numeric ? 'right' : 'left'}
                        sortDirection={active ? query.direction : false}
                        sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...(column.sort === 'name' ? { ...stickyTeam, zIndex: 2 } : {}) }}
                      >
                        {column.sort ? (
                          <TableSortLabel
                            active={active}
                            direction={active ? query.direction : firstDirection(column.sort)}
                            onClick={() => sortBy(column.sort!)}
                          >
                            {column.label}
                            {active && <Box component="span" className="visually-hidden">{query.direction === 'desc' ? INSIGHT_TEXTS.sortedDesc : INSIGHT_TEXTS.sortedAsc}</Box>}
                          </TableSortLabel>
                        ) : (
                          column.label
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    <Box component="span" className="visually-hidden">
                      {INSIGHT_TEXTS.colActions}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>{rows}</TableBody>
            </Table>
          </TableContainer>
          {data && data.data.length === 0 && (
            <Typography sx={{ color: 'text.secondary', px: { xs: 2, sm: 2.5 }, py: 3 }} data-testid="insight-empty">
              {query.search ? INSIGHT_TEXTS.listEmptySearch(query.search) : INSIGHT_TEXTS.listEmpty}
            </Typography>
          )}
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={data && data.total > 0 ? data.current_page - 1 : 0}
            rowsPerPage={data?.per_page ?? PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, page) => setParams((prev) => withListParams(prev, { page: page + 1 }))}
            labelRowsPerPage={INSIGHT_TEXTS.rowsPerPage}
            labelDisplayedRows={({ from, to, count }) => INSIGHT_TEXTS.displayedRows(from, to, count)}
            getItemAriaLabel={(type) =>
              type === 'first' ? INSIGHT_TEXTS.pageFirst : type === 'last' ? INSIGHT_TEXTS.pageLast : type === 'next' ? INSIGHT_TEXTS.pageNext : INSIGHT_TEXTS.pagePrevious
            }
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        </>
      )}
    </Card>
  );
}

function TeamRow({ row, href, onOpen }: { row: InsightRow; href: string; onOpen: () => void }) {
  const deleted = row.deleted_at !== null;
  const muted = deleted ? { color: 'text.secondary' } : undefined;
  return (
    <TableRow
      data-testid="insight-row"
      data-deleted={deleted ? 'true' : undefined}
      sx={deleted ? { '& > td': { backgroundImage: deletedShade } } : undefined}
    >
      <TableCell sx={stickyTeam}>
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', minWidth: 0 }}>
          {/* The name opens the team too: on a phone the pencil is off to the right. */}
          <Link
            component={RouterLink}
            to={href}
            onClick={onOpen}
            variant="body2"
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 0, color: 'text.primary', ...muted, ...(deleted ? { textDecoration: 'line-through' } : {}) }}
          >
            {row.name}
          </Link>
          {deleted && <Chip size="small" color="error" variant="outlined" label={INSIGHT_TEXTS.deletedChip} />}
        </Box>
        {row.owner_email && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
            {row.owner_email}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={muted}>{row.amount_used_users}</TableCell>
      <TableCell align="right" sx={muted}>{row.amount_used_mikas}</TableCell>
      <TableCell align="right" sx={muted}>{formatCredits(row.amount_credits)}</TableCell>
      <TableCell sx={{ ...muted, minWidth: 140 }}>{row.subscription_info}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...(deleted ? { color: 'error.light', fontWeight: 600 } : {}) }} data-testid="insight-row-deleted">
        {deleted ? formatDate(row.deleted_at) : '–'}
      </TableCell>
      <TableCell align="right" sx={{ py: 0.5 }}>
        <IconButton component={RouterLink} to={href} onClick={onOpen} aria-label={INSIGHT_TEXTS.editTeam(row.name)} size="small">
          <EditIcon size="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
