import { useState } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslate } from 'react-admin';
import { riyadhTimeString } from '@shared/time';
import type { TemplateComponent } from '@shared/templates';
import { BrandMark } from '../../components/BrandMark';
import { palette } from '../../theme/theme';
import { previewBlocks, type AutoReplyValues, type AutoReplyVariable, type PreviewBlock } from './autoReplyPreview';
import { LoadFailed } from '../../components/LoadFailed';

// The auto-reply as the customer will see it: the approved template with the values filled in.

const fieldLabel = (variable: AutoReplyVariable) => `app.auto_response_page.fields.${variable}.label`;

interface PreviewCardProps {
  values: AutoReplyValues | null;
  template: { isPending: boolean; isError: boolean; data?: TemplateComponent[]; error: unknown; refetch: () => unknown };
}

const variableSx = {
  bgcolor: palette.sand.tint,
  color: '#5c3d0a',
  fontWeight: 700,
  borderRadius: '4px',
  paddingInline: '3px',
  boxShadow: `inset 0 -2px 0 ${palette.sand.main}`,
  unicodeBidi: 'isolate',
  boxDecorationBreak: 'clone',
  WebkitBoxDecorationBreak: 'clone',
} as const;

export const PreviewCard = ({ values, template }: PreviewCardProps) => {
  const translate = useTranslate();
  const blocks = values && template.data ? previewBlocks(template.data, values) : null;

  return (
    <Card component="section" aria-labelledby="auto-reply-preview-title" sx={{ minWidth: 0 }}>
      <CardContent sx={{ padding: { xs: 2, sm: 3 }, '&:last-child': { paddingBlockEnd: { xs: 2, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.25, marginBlockEnd: 0.5 }}>
          <Typography id="auto-reply-preview-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {translate('app.auto_response_page.preview_title')}
          </Typography>
          <Chip size="small" color="primary" variant="outlined" icon={<LockIcon />} label={translate('app.auto_response_page.approved')} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
          {translate('app.auto_response_page.preview_hint')}
        </Typography>

        {template.isError ? (
          <LoadFailed message="app.auto_response_page.template_failed" error={template.error} onRetry={template.refetch} />
        ) : blocks ? (
          <ChatPreview blocks={blocks} />
        ) : (
          <Skeleton variant="rounded" height={260} />
        )}

        <Box
          component="ul"
          aria-label={translate('app.auto_response_page.legend_label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', padding: 0, marginBlock: 1.5 }}
        >
          <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <LockIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
            <Typography variant="body2">{translate('app.auto_response_page.legend_fixed')}</Typography>
          </Box>
          <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ ...variableSx, width: 22, height: 16, display: 'inline-block' }} />
            <Typography variant="body2">{translate('app.auto_response_page.legend_variable')}</Typography>
          </Box>
        </Box>

        <Alert severity="info" icon={<LockIcon />} data-testid="fixed-text-notice">
          <AlertTitle>{translate('app.auto_response_page.fixed_notice_title')}</AlertTitle>
          {translate('app.auto_response_page.fixed_notice')}
        </Alert>
      </CardContent>
    </Card>
  );
};

/** The message as a WhatsApp chat bubble: fixed text as approved, variables highlighted. */
const ChatPreview = ({ blocks }: { blocks: PreviewBlock[] }) => {
  const translate = useTranslate();
  const [time] = useState(() => riyadhTimeString(new Date()));
  return (
    <Box sx={{ borderRadius: '12px', overflow: 'hidden', border: '1px solid', borderColor: 'divider' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          paddingInline: 1.5,
          paddingBlock: 1,
          bgcolor: palette.green.dark,
          color: '#fff',
        }}
      >
        <BrandMark size={28} sx={{ outline: '1px solid rgba(255,255,255,0.35)', borderRadius: '8px' }} />
        <Typography component="span" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
          {translate('app.auto_response_page.sender')}
        </Typography>
      </Box>
      <Box sx={{ bgcolor: '#efeae2', padding: { xs: 1.5, sm: 2 } }}>
        <Box
          data-testid="auto-reply-preview"
          sx={{
            position: 'relative',
            bgcolor: '#fff',
            borderRadius: '10px',
            borderStartStartRadius: 0,
            boxShadow: '0 1px 1px rgba(0, 0, 0, 0.12)',
            paddingInline: 1.5,
            paddingBlock: 1.25,
            maxWidth: '100%',
            '&::before': {
              content: '""',
              position: 'absolute',
              top: 0,
              insetInlineStart: -8,
              borderBlockStart: '10px solid #fff',
              borderInlineStart: '8px solid transparent',
            },
          }}
        >
          {blocks.map((block, index) => (
            <Typography
              key={`${block.type}-${index}`}
              component="p"
              data-block={block.type}
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: block.type === 'FOOTER' ? '0.8rem' : '0.95rem',
                color: block.type === 'FOOTER' ? 'text.secondary' : 'text.primary',
                fontWeight: block.type === 'HEADER' ? 700 : 400,
                lineHeight: 1.75,
                marginBlockStart: index === 0 ? 0 : 1,
              }}
            >
              {block.segments.map((segment, i) =>
                segment.kind === 'fixed' ? (
                  <span key={i} data-segment="fixed" title={translate('app.auto_response_page.fixed_text')}>
                    {segment.text}
                  </span>
                ) : (
                  <Box
                    key={i}
                    component="mark"
                    dir="auto"
                    data-variable={segment.variable}
                    title={translate('app.auto_response_page.variable_of', { field: translate(fieldLabel(segment.variable)) })}
                    sx={
                      segment.empty
                        ? {
                            ...variableSx,
                            bgcolor: '#fdecea',
                            color: 'error.dark',
                            boxShadow: 'none',
                            outline: '1px dashed',
                            fontWeight: 600,
                          }
                        : variableSx
                    }
                  >
                    {segment.empty
                      ? translate('app.auto_response_page.empty_variable', { field: translate(fieldLabel(segment.variable)) })
                      : segment.text}
                  </Box>
                ),
              )}
            </Typography>
          ))}
          <Box
            aria-hidden
            sx={{
              display: 'flex',
              justifyContent: 'flex-end',
              alignItems: 'center',
              gap: 0.5,
              color: 'text.secondary',
              fontSize: '0.75rem',
            }}
          >
            <bdi dir="ltr">{time}</bdi>
            <DoneAllIcon sx={{ fontSize: 16, color: '#53bdeb' }} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
};
