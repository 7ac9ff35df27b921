import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';

interface EmptyStateProps {
  title: string;
  body?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, body, icon: Icon = Inbox, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="state state--empty">
      <span className="state__icon" aria-hidden="true">
        <Icon size={28} strokeWidth={1.75} />
      </span>
      <Heading className="state__title">{title}</Heading>
      {body ? <p className="state__body">{body}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}
