/** The error pages of spec C§2 and C§9: their texts and maximum widths. */
export const ERROR_STATUSES = [401, 404, 500, 503, 509] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export interface ErrorPageContent {
  heading: string;
  subheading: string;
  explanation: string;
  /** Maximum width of the text column, in pixels. */
  maxWidth: number;
}

/** A request the server could not read (a form sent as JSON): shown where a page threw it, no page of its own. */
export type ErrorPageStatus = ErrorStatus | 400;

export const ERROR_PAGES: Record<ErrorPageStatus, ErrorPageContent> = {
  400: {
    heading: 'Bad Request',
    subheading: 'The request could not be read.',
    explanation: 'Go back to the page and send the form from there, or return to the homepage.',
    maxWidth: 615,
  },
  404: {
    heading: 'Page Not Found',
    subheading: 'The page you are looking for may have been moved, deleted or never existed.',
    explanation:
      'Check the address for typing errors, use the navigation or search, or return to the homepage.',
    maxWidth: 725,
  },
  401: {
    heading: 'Authorization Required',
    subheading: 'You are not authorized to access this page',
    explanation:
      'Your stored sign-in details have been cleared. Sign in again with an account that has access, or return to the homepage.',
    maxWidth: 460,
  },
  500: {
    heading: 'Internal Server Error',
    subheading: 'Something went wrong on our side.',
    explanation: 'The server met an unexpected problem. Please try again later.',
    maxWidth: 615,
  },
  503: {
    heading: 'Internal Server Error',
    subheading: 'Service temporarily unavailable.',
    explanation:
      'The service is temporarily unavailable because of maintenance or overload. Please try again later.',
    maxWidth: 574,
  },
  509: {
    heading: 'Limit Exceeded',
    subheading: 'Bandwidth limit exceeded.',
    explanation: 'This site has exceeded its bandwidth limit. Please check back later.',
    maxWidth: 686,
  },
};

export function isErrorStatus(status: number): status is ErrorStatus {
  return (ERROR_STATUSES as readonly number[]).includes(status);
}
