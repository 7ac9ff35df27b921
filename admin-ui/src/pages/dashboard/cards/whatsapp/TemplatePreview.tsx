import { useMemo, useState } from 'react';
import { Avatar, Box, MenuItem, TextField, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import CheckIcon from '@mui/icons-material/DoneAll';
import LinkIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { formatDateTimeWithHijri, formatDateWithHijri } from '@shared/arabic-date';
import { riyadhTimeString } from '@shared/time';
import { Ltr } from '../../../../components/Ltr';
import { fillSegments, knownLabelKey, orderedComponents, placeholderCount, sampleKey, type TemplateRow } from './templates';

const T = 'app.whatsapp_cards.templates';

// WhatsApp's own chat colours, so the preview reads as a WhatsApp message at a glance.
const CHAT_WALLPAPER = '#efeae2';
const CHAT_HEADER = '#0f3f27';
const LINK_BLUE = '#027eb5';
const TICK_BLUE = '#53bdeb';

/** The chosen template's message as WhatsApp shows it, with example values in its placeholders. */
export const TemplatePreview = ({ rows }: { rows: TemplateRow[] }) => {
  const translate = useTranslate();
  const [chosen, setChosen] = useState(rows[0]?.key ?? '');
  const row = rows.find((r) => r.key === chosen) ?? rows[0];

  const now = useMemo(() => new Date(), []);
  const values = useMemo(() => {
    if (!row) return [];
    const dynamic = {
      date: formatDateWithHijri(new Date(now.getTime() + 2 * 86_400_000)),
      date_time: formatDateTimeWithHijri(now),
      site: window.location.origin,
      // A maps link as the volunteer's assignment carries it (the charity's city).
      maps: 'https://www.google.com/maps/search/?api=1&query=24.089000%2C38.063700',
    };
    return Array.from({ length: placeholderCount(row.template) }, (_, i) =>
      translate(sampleKey(row.key, i + 1), { ...dynamic, _: translate(`${T}.samples.generic`, { n: i + 1 }) }),
    );
  }, [row, now, translate]);

  if (!row) return null;
  const nameOf = (key: string) => {
    const known = knownLabelKey('names', key);
    return known ? translate(known) : key;
  };
  const components = orderedComponents(row.template.components);
  const buttons = components.filter((c) => c.type === 'BUTTONS');
  const text = (type: string) => components.filter((c) => c.type === type && c.text.trim() !== '');

  const renderText = (value: string) =>
    fillSegments(value, values).map((segment, index) =>
      segment.kind === 'text' ? (
        <span key={index}>{segment.text}</span>
      ) : (
        <Box
          key={index}
          component="bdi"
          data-placeholder={segment.n}
          sx={{
            bgcolor: 'secondary.tint',
            borderRadius: 1,
            paddingInline: 0.5,
            boxDecorationBreak: 'clone',
            WebkitBoxDecorationBreak: 'clone',
          }}
        >
          {segment.text}
        </Box>
      ),
    );

  return (
    <Box>
      <TextField
        select
        id="template-preview-choice"
        label={translate(`${T}.preview_choose`)}
        value={row.key}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ marginBlockStart: 0 }}
      >
        {rows.map((r) => (
          <MenuItem key={r.key} value={r.key} sx={{ minHeight: 44 }}>
            {nameOf(r.key)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ marginBlock: 1 }}>
        {translate(`${T}.preview_note`)}
      </Typography>

      <Box
        component="figure"
        aria-label={translate(`${T}.preview_label`)}
        data-testid="template-preview"
        sx={{ margin: 0, borderRadius: 3, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: CHAT_HEADER, color: '#fff', paddingInline: 1.5, paddingBlock: 1 }}
        >
          <Avatar
            sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: '0.9rem' }}
            aria-hidden
          >
            {translate(`${T}.preview_sender`).charAt(0)}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {translate(`${T}.preview_sender`)}
          </Typography>
        </Box>
        <Box sx={{ bgcolor: CHAT_WALLPAPER, paddingInline: 2, paddingBlock: 2 }}>
          <Box sx={{ maxWidth: 420, marginInlineEnd: 'auto' }}>
            <Box
              sx={{
                position: 'relative',
                bgcolor: '#fff',
                borderRadius: 2,
                borderStartStartRadius: 0,
                paddingInline: 1.25,
                paddingBlockStart: 1,
                paddingBlockEnd: 0.5,
                boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
                // The bubble's tail, on the sender's side (the start of the line).
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  insetBlockStart: 0,
                  insetInlineStart: -8,
                  borderBlockStart: '10px solid #fff',
                  borderInlineStart: '8px solid transparent',
                },
              }}
            >
              {text('HEADER').map((c, i) => (
                <Typography key={`h${i}`} variant="body2" sx={{ fontWeight: 700, marginBlockEnd: 0.5 }} data-component="HEADER">
                  {renderText(c.text)}
                </Typography>
              ))}
              {text('BODY').map((c, i) => (
                <Typography
                  key={`b${i}`}
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.75 }}
                  data-component="BODY"
                >
                  {renderText(c.text)}
                </Typography>
              ))}
              {text('FOOTER').map((c, i) => (
                <Typography
                  key={`f${i}`}
                  variant="caption"
                  component="p"
                  color="text.secondary"
                  sx={{ marginBlockStart: 0.75 }}
                  data-component="FOOTER"
                >
                  {renderText(c.text)}
                </Typography>
              ))}
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{
                  display: 'flex',
                  justifyContent: 'flex-end',
                  alignItems: 'center',
                  gap: 0.25,
                  fontSize: '0.7rem',
                  marginBlockStart: 0.25,
                }}
              >
                <Ltr>{riyadhTimeString(now)}</Ltr>
                <CheckIcon sx={{ fontSize: 16, color: TICK_BLUE }} aria-hidden />
              </Typography>
            </Box>
            {buttons.map((c, i) => (
              <Box
                key={`btn${i}`}
                data-component="BUTTONS"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 0.75,
                  bgcolor: '#fff',
                  color: LINK_BLUE,
                  borderRadius: 2,
                  marginBlockStart: 0.5,
                  minHeight: 44,
                  fontWeight: 600,
                  fontSize: '0.9rem',
                  boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
                }}
              >
                {/* A URL button (the host's page) opens a link; the code's button copies. */}
                {c.url ? <LinkIcon sx={{ fontSize: 18 }} aria-hidden /> : <CopyIcon sx={{ fontSize: 18 }} aria-hidden />}
                {c.text}
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
};
