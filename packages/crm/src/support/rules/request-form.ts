import type { RequestFormField } from '@storefront/contracts';

/**
 * The request form a storefront gets until its administrators configure one (service_request_forms): what a
 * life-science supplier's customers ask for service with (docs/decisions/0031).
 */
export const DEFAULT_REQUEST_FORM: readonly RequestFormField[] = [
  {
    key: 'category',
    label: 'Category',
    kind: 'picklist',
    required: true,
    maxLength: 60,
    options: ['Instrument service', 'Application support', 'Order issue', 'Returns'],
    help: null,
  },
  {
    key: 'serialNumber',
    label: 'Instrument serial number',
    kind: 'text',
    required: false,
    maxLength: 40,
    options: [],
    help: 'On the label at the back of the instrument; needed for instrument service.',
  },
  {
    key: 'description',
    label: 'Description',
    kind: 'textarea',
    required: true,
    maxLength: 4000,
    options: [],
    help: 'What happened, what you expected, and any order or lot numbers.',
  },
  {
    key: 'contactTime',
    label: 'Preferred contact time',
    kind: 'picklist',
    required: false,
    maxLength: 60,
    options: ['Morning', 'Afternoon', 'Any time'],
    help: null,
  },
];
