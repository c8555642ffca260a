/**
 * How a message names one of the user's options, in the form its reader uses: a flag for the CLI
 * (`--region`), a rule option for ESLint (`region` in the rule options or `settings['collab-migrate']`),
 * a `--name=value` option for jscodeshift. Detectors put the name in their message data.
 */
import type { EngineOptions, OptionStyle } from '../types.js';

/** The options a message may point the user to. */
export type UserOption = 'region' | 'strictScopes';

const FLAGS: Record<UserOption, string> = { region: 'region', strictScopes: 'strict-scopes' };

/** The option as the reader of a message sets it. */
export function optionName(option: UserOption, style: OptionStyle = 'cli'): string {
  switch (style) {
    case 'eslint':
      return `the \`${option}\` option (rule options or settings['collab-migrate'])`;
    case 'jscodeshift':
      return `\`--${option}=\``;
    case 'cli':
      return `\`--${FLAGS[option]}\``;
  }
}

/** {@link optionName} for the style of a run's engine options. */
export function optionNameFor(option: UserOption, options: EngineOptions): string {
  return optionName(option, options.optionStyle);
}
