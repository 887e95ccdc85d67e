/** The apps' and pages' validation messages live with their rules in @plinth/schema (decision 0064). */
export {
  appNameLimits as nameLength,
  appRuleMessages as appMessages,
  urlSlugPattern as slugPattern,
} from '@plinth/schema';
