export * from './reference';
export * from './catalogue';
export * from './check';
export * from './api';
export * from './ingangsdatum';
export * from './markdown';
export * from './rights';
