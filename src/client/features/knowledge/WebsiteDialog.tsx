import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { MenuItem } from '../../components/ui/MenuItem.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { useState } from 'react';
import { WEBSITE_INTERVALS, type WebsiteInterval } from '../../../shared/schemas/websites.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useAddWebsite } from './api/add-website.ts';
import { WEBSITE_TEXTS } from './website-texts.ts';

const patterns = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** «Website hinzufügen»: start URL, optional sitemap and path patterns, page limit, interval. The server checks everything again. */
export function WebsiteDialog({ assistantUuid, open, onClose }: { assistantUuid: string; open: boolean; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [sitemapUrl, setSitemapUrl] = useState('');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [maxPages, setMaxPages] = useState('100');
  const [interval, setInterval] = useState<WebsiteInterval>('weekly');
  const [dataProtection, setDataProtection] = useState(false);
  const add = useAddWebsite(assistantUuid);
  const submit = () =>
    add.mutate(
      { url, sitemapUrl, include: patterns(include), exclude: patterns(exclude), maxPages: Number(maxPages), interval, dataProtection },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          setUrl('');
          setSitemapUrl('');
          setInclude('');
          setExclude('');
          onClose();
        },
      },
    );
  return (
    <Dialog open={open} onClose={add.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="website-add-title">
      <DialogTitle id="website-add-title">{WEBSITE_TEXTS.dialogTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <TextField
          label={WEBSITE_TEXTS.url}
          helperText={WEBSITE_TEXTS.urlHelp}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          autoFocus
          htmlInput={{ inputMode: 'url', maxLength: 2000 }}
        />
        <TextField
          label={WEBSITE_TEXTS.sitemap}
          helperText={WEBSITE_TEXTS.sitemapHelp}
          value={sitemapUrl}
          onChange={(e) => setSitemapUrl(e.target.value)}
          htmlInput={{ inputMode: 'url', maxLength: 2000 }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={WEBSITE_TEXTS.include} helperText={WEBSITE_TEXTS.patternHelp} value={include} onChange={(e) => setInclude(e.target.value)} />
          <TextField label={WEBSITE_TEXTS.exclude} helperText={WEBSITE_TEXTS.patternHelp} value={exclude} onChange={(e) => setExclude(e.target.value)} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={WEBSITE_TEXTS.maxPages}
            helperText={WEBSITE_TEXTS.maxPagesHelp}
            type="number"
            value={maxPages}
            onChange={(e) => setMaxPages(e.target.value)}
            htmlInput={{ min: 1, max: 1000 }}
          />
          <TextField select label={WEBSITE_TEXTS.interval} value={interval} onChange={(e) => setInterval(e.target.value as WebsiteInterval)}>
            {WEBSITE_INTERVALS.map((i) => (
              <MenuItem key={i} value={i}>
                {WEBSITE_TEXTS.intervals[i]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormControlLabel
          control={<Switch checked={dataProtection} onChange={(e) => setDataProtection(e.target.checked)} />}
          label={WEBSITE_TEXTS.dataProtection}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          {WEBSITE_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={add.isPending}>
          {WEBSITE_TEXTS.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
