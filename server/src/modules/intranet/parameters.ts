/**
 * The system parameters' service lives in the platform (platform/catalogue/parameters.ts):
 * the parameter screen, 站点设置 (modules/site) and the first run all write through it.
 */
export {
  PARAMETER_GONE_MESSAGE,
  SiteParameters,
  type ParameterInput,
} from '../../platform/catalogue/parameters.js';
