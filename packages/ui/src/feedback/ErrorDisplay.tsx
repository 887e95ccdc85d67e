export interface ErrorDisplayProps {
  message: string;
  /** Where 'go home' leads. */
  homeHref?: string;
}

/** A full-area error: the message and a 'go home' link. */
export function ErrorDisplay({ message, homeHref = '/' }: ErrorDisplayProps) {
  return (
    <div role="alert" className="pl-error-display">
      <p className="pl-error-display__message">{message}</p>
      <a className="pl-error-display__home" href={homeHref}>
        go home
      </a>
    </div>
  );
}
