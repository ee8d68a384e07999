import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useMcpTeams, type McpTeam } from './api/get-mcp-teams.ts';
import { TI } from './texts.ts';

const SEARCH_DELAY_MS = 250;

/** Picks a team by name: the server finds at most 20 teams for what has been typed. */
export function TeamPicker({
  value,
  onChange,
}: {
  value: McpTeam | null;
  onChange: (team: McpTeam | null) => void;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  // While a team is chosen the input shows its name: search for all teams then, not just that one.
  const teams = useMcpTeams(value && value.name === search ? '' : search);
  const options = teams.data ?? [];

  return (
    <Autocomplete
      value={value}
      onChange={(_, team) => onChange(team)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={value && !options.some((t) => t.uuid === value.uuid) ? [value, ...options] : options}
      getOptionLabel={(team) => team.name}
      getOptionKey={(team) => team.uuid}
      isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
      filterOptions={(list) => list}
      loading={teams.isFetching}
      loadingText={TI.teamLoading}
      noOptionsText={TI.teamNone}
      sx={{ maxWidth: 480 }}
      renderInput={(params) => (
        <TextField {...params} label={TI.teamLabel} placeholder={TI.teamPlaceholder} />
      )}
    />
  );
}
