import { z } from 'zod';
import { type ComponentType, componentType, registerComponentTypes } from './componentTypes.js';

/**
 * The page buttons that start workflows (spec 01 §3 page button types, decision 0126): each input
 * argument takes its value from an expression evaluated on the page (its record, its variables).
 */
export const buttonInputArgument = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** A calculation on the page, e.g. `[PageInput]` or a component's variable. */
    expression: z.string().max(2000),
  })
  .strict();
export type ButtonInputArgument = z.infer<typeof buttonInputArgument>;

const workflowId = z.number().int().positive();

const runWorkflowButtonProperties = z
  .object({
    text: z.string().max(100).default('Run'),
    workflowId: workflowId.optional(),
    inputArguments: z.array(buttonInputArgument).max(20).default([]),
  })
  .strict();

/**
 * Launch process: a workflow given the page's record (its primary resource) as the named argument,
 * when the record is of the primary resource type, with further input arguments.
 */
const launchProcessButtonProperties = z
  .object({
    text: z.string().max(100).default('Start'),
    workflowId: workflowId.optional(),
    primaryResourceAsInput: z.boolean().default(true),
    /** The input argument the page's record goes in. */
    primaryResourceArgument: z.string().max(100).optional(),
    /** The type of record the button is for; on other records it is not shown. */
    primaryResourceTypeId: z.number().int().positive().optional(),
    inputArguments: z.array(buttonInputArgument).max(20).default([]),
  })
  .strict();

export type RunWorkflowButtonProperties = z.infer<typeof runWorkflowButtonProperties>;
export type LaunchProcessButtonProperties = z.infer<typeof launchProcessButtonProperties>;

export const runWorkflowButtonAlias = 'core:runWorkflowPageButton';
export const launchProcessButtonAlias = 'core:launchProcessPageButton';

export const buttonComponentTypes = [
  {
    alias: runWorkflowButtonAlias,
    label: 'Run workflow button',
    group: 'Actions',
    properties: runWorkflowButtonProperties,
    defaultSpan: 3,
    isConfigured: (p: RunWorkflowButtonProperties) => p.workflowId !== undefined,
  },
  {
    alias: launchProcessButtonAlias,
    label: 'Launch process button',
    group: 'Actions',
    properties: launchProcessButtonProperties,
    defaultSpan: 3,
    isConfigured: (p: LaunchProcessButtonProperties) =>
      p.workflowId !== undefined && (!p.primaryResourceAsInput || Boolean(p.primaryResourceArgument)),
  },
] as const;

if (!componentType(runWorkflowButtonAlias))
  registerComponentTypes(buttonComponentTypes as unknown as ComponentType[]);
