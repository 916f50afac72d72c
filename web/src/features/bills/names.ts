// The shared names (components/names.ts) under the names the bill screens import.
export {
  billingPeriod as periodLabel,
  companyName,
  userName as personName,
} from '../../components/names.ts';
