/** Every part of the German catalogue, by name. */
export { shell } from './shell';
export { faxes } from './faxes';
export { compose } from './compose';
export { settings } from './settings';
export { office } from './office';
export { chart } from './chart';
