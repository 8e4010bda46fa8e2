// An in-console link: a real href (open in a new tab works) that navigates without a reload.
import type { ComponentChildren } from 'preact';
import { BASE, navigate } from '../lib/router.js';

export function Link({ to, children, testId }: { to: string; children: ComponentChildren; testId?: string }) {
  return (
    <a
      href={`${BASE}${to}`}
      data-testid={testId}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
