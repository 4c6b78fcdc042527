export * from './blocks';
export * from './catalogue';
export * from './constants';
export * from './crm';
export * from './envelope';
export * from './messages';
export * from './meta';
export * from './storefront';
