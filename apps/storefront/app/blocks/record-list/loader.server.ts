import { accountScope, crmCall } from '../../lib/crm.server';
import { formatRecordValue } from '../../lib/record-format';
import type { BlockLoader } from '../loader-types.server';
import { detailPagePath, templateIdNamed } from '../record-pages';
import type { RecordSort } from '../types';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 1;
};

/**
 * The account's quotes and orders, one page of them sorted by createdAt (?sort=asc, else newest first), each
 * column formatted by its data type in the viewer's locale (spec P§3).
 */
export const loadRecordList: BlockLoader<'recordList'> = async ({ session, fields, templates }) => {
  const query = session.url.searchParams;
  const sort: RecordSort = query.get('sort') === 'asc' ? 'asc' : 'desc';
  const list = await crmCall(session, 'getGroupedFilteredList', {
    ...accountScope(session),
    sortDirection: sort === 'asc' ? 'ASC' : 'DESC',
    page: positive(query.get('page')),
    pageSize: fields.pageSize,
  });
  const detailId = templateIdNamed(templates, fields.detailTemplate);
  const byCreation = (a: { createdAt: string }, b: { createdAt: string }) =>
    (sort === 'asc' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt);
  const entries = list.groups.flatMap((group) => group.quotes).sort(byCreation);
  const rows = entries.map((entry) => ({
    id: entry.id,
    href: detailId ? detailPagePath(detailId, entry.id) : null,
    cells: fields.columns.map((column) => {
      const value = (entry as Record<string, unknown>)[column.path];
      const cell =
        typeof value === 'object' || value === undefined ? null : (value as string | number | boolean);
      return formatRecordValue(cell, column.dataType, { locale: session.locale, currency: entry.currency });
    }),
  }));
  return {
    rows,
    sort,
    page: list.page,
    pageCount: Math.max(1, Math.ceil(list.total / list.pageSize)),
    total: list.total,
  };
};
