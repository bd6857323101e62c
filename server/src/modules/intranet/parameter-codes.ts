/** The parameter codes live in the platform, beside the service that writes them. */
export {
  PARAMETER_CODES,
  parameterCode,
  type ParameterCode,
} from '../../platform/catalogue/parameter-codes.js';
