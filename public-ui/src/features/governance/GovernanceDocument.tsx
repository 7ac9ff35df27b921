import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import { excerpt, formatMegabytes } from '@shared/files';
import { riyadhDateString } from '@shared/time';
import { ar } from '../../i18n/ar';
import { DateWithHijri } from '../../components/DateWithHijri';
import { LtrText } from '../../components/LtrText';
import { fetchGovernanceFileUrl, type GovernanceCard } from './api';

const t = ar.pages.governance;

function typeBadge(card: GovernanceCard): string {
  if (card.fileType === 'application/pdf') return 'PDF';
  if (card.fileType === 'application/msword') return 'DOC';
  if (card.fileType?.includes('wordprocessingml')) return 'DOCX';
  return t.document;
}

/** One document: type badge, title, description, excerpt, file name and size, download, publish date. */
export function GovernanceDocument({ card }: { card: GovernanceCard }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      const { url } = await fetchGovernanceFileUrl(card.id);
      window.location.assign(url);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <li className="card governance-card">
      <div className="governance-card__head">
        <span className="icon-tile" aria-hidden="true">
          <FileText size={22} strokeWidth={1.75} />
        </span>
        {card.fileUrl ? <span className="badge badge--type">{typeBadge(card)}</span> : null}
      </div>
      <h2 className="card__title">{card.title}</h2>
      {card.description ? <p className="card__body">{card.description}</p> : null}
      {card.content ? <p className="governance-card__excerpt">{excerpt(card.content)}</p> : null}
      <div className="governance-card__foot">
        {card.fileUrl && card.fileName ? (
          <>
            <p className="governance-card__file">
              <span className="governance-card__name">{card.fileName}</span>
              {card.fileSize ? (
                <span className="governance-card__size">
                  <LtrText>{formatMegabytes(card.fileSize)}</LtrText>
                </span>
              ) : null}
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={download}
              disabled={state === 'loading'}
              aria-label={`${t.download}: ${card.title}`}
            >
              <Download size={18} aria-hidden="true" />
              {state === 'loading' ? t.downloading : t.download}
            </button>
            {state === 'failed' ? (
              <p className="governance-card__error" role="alert">
                {t.downloadFailed}
              </p>
            ) : null}
          </>
        ) : null}
        <p className="governance-card__date">
          {t.published} <DateWithHijri value={riyadhDateString(new Date(card.createdAt))} />
        </p>
      </div>
    </li>
  );
}
