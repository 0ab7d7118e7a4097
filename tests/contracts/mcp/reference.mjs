// The reference validators of the `mcp` contract: the zod schemas of the MCP TypeScript SDK
// (`@modelcontextprotocol/sdk` 1.32.2, `dist/esm/types.js`), read with `safeParse`, one per
// type of `mcp.cards`. A type the SDK names is its schema as exported; a type the SDK writes
// inline is reached through the exported schema that holds it (`.shape`, `.unwrap()`, ...),
// never rebuilt. A variant struct of a tagged union is, as cardc reads it alone, the object
// without its tag, so its validator is the SDK's member schema with the tag key omitted.

import * as z from "zod/v4";
import * as sdk from "@modelcontextprotocol/sdk/types.js";
import { zodVerdict } from "../../js/zod_verdict.mjs";

/** The SDK member schema `schema` without its tag key `tag`. */
const untagged = (schema, tag) => schema.omit({ [tag]: true });

const elicitationCapability = sdk.ClientCapabilitiesSchema.shape.elicitation.unwrap();
const clientTaskRequests = sdk.ClientTasksCapabilitySchema.shape.requests.unwrap();
const serverTaskRequests = sdk.ServerTasksCapabilitySchema.shape.requests.unwrap();

/** Each cards type and the SDK schema that validates it. */
const schemas = {
  RequestId: sdk.RequestIdSchema,
  ProgressToken: sdk.ProgressTokenSchema,
  Cursor: sdk.CursorSchema,
  JsonRpcRequest: sdk.JSONRPCRequestSchema,
  JsonRpcNotification: sdk.JSONRPCNotificationSchema,
  JsonRpcResultResponse: sdk.JSONRPCResultResponseSchema,
  JsonRpcErrorResponse: sdk.JSONRPCErrorResponseSchema,
  JsonRpcError: sdk.JSONRPCErrorResponseSchema.shape.error,
  JsonRpcResponse: sdk.JSONRPCResponseSchema,
  JsonRpcMessage: sdk.JSONRPCMessageSchema,
  RequestMeta: sdk.TaskAugmentedRequestParamsSchema.shape._meta.unwrap(),
  RelatedTaskMetadata: sdk.RelatedTaskMetadataSchema,
  // `{ _meta? }` and nothing else: `ResultSchema.strict()`.
  Meta: sdk.EmptyResultSchema,
  // A message's own params (`BaseRequestParamsSchema`, which strips), and any message's
  // (`.loose()`).
  Params: sdk.PingRequestSchema.shape.params.unwrap(),
  MessageParams: sdk.RequestSchema.shape.params.unwrap(),
  TaskMetadata: sdk.TaskMetadataSchema,
  TaskAugmented: sdk.TaskAugmentedRequestParamsSchema,
  Result: sdk.ResultSchema,
  EmptyResult: sdk.EmptyResultSchema,
  BaseMetadata: sdk.BaseMetadataSchema,
  Icons: sdk.IconsSchema,
  Icon: sdk.IconSchema,
  IconTheme: sdk.IconSchema.shape.theme.unwrap(),
  Role: sdk.RoleSchema,
  Annotations: sdk.AnnotationsSchema,
  Implementation: sdk.ImplementationSchema,
  JsonObject: sdk.TextContentSchema.shape._meta.unwrap(),
  ContentBlock: sdk.ContentBlockSchema,
  TextContent: untagged(sdk.TextContentSchema, "type"),
  ImageContent: untagged(sdk.ImageContentSchema, "type"),
  AudioContent: untagged(sdk.AudioContentSchema, "type"),
  EmbeddedResource: untagged(sdk.EmbeddedResourceSchema, "type"),
  ResourceContents: sdk.EmbeddedResourceSchema.shape.resource,
  TextResourceContents: sdk.TextResourceContentsSchema,
  BlobResourceContents: sdk.BlobResourceContentsSchema,
  Resource: sdk.ResourceSchema,
  ResourceTemplate: sdk.ResourceTemplateSchema,
  ResourceRequestParams: sdk.ResourceRequestParamsSchema,
  PaginatedRequestParams: sdk.PaginatedRequestParamsSchema,
  ListResourcesResult: sdk.ListResourcesResultSchema,
  ListResourceTemplatesResult: sdk.ListResourceTemplatesResultSchema,
  ReadResourceResult: sdk.ReadResourceResultSchema,
  ResourceUpdatedNotificationParams: sdk.ResourceUpdatedNotificationParamsSchema,
  PromptArgument: sdk.PromptArgumentSchema,
  Prompt: sdk.PromptSchema,
  ListPromptsResult: sdk.ListPromptsResultSchema,
  GetPromptRequestParams: sdk.GetPromptRequestParamsSchema,
  PromptMessage: sdk.PromptMessageSchema,
  GetPromptResult: sdk.GetPromptResultSchema,
  ToolAnnotations: sdk.ToolAnnotationsSchema,
  TaskSupport: sdk.ToolExecutionSchema.shape.taskSupport.unwrap(),
  ToolExecution: sdk.ToolExecutionSchema,
  ToolJsonSchema: sdk.ToolSchema.shape.inputSchema,
  Tool: sdk.ToolSchema,
  ListToolsResult: sdk.ListToolsResultSchema,
  CallToolRequestParams: sdk.CallToolRequestParamsSchema,
  CallToolResult: sdk.CallToolResultSchema,
  ModelHint: sdk.ModelHintSchema,
  ModelPreferences: sdk.ModelPreferencesSchema,
  ToolChoiceMode: sdk.ToolChoiceSchema.shape.mode.unwrap(),
  ToolChoice: sdk.ToolChoiceSchema,
  ToolUseContent: untagged(sdk.ToolUseContentSchema, "type"),
  ToolResultContent: untagged(sdk.ToolResultContentSchema, "type"),
  SamplingContent: sdk.SamplingContentSchema,
  SamplingMessageContentBlock: sdk.SamplingMessageContentBlockSchema,
  SamplingMessageContent: sdk.SamplingMessageSchema.shape.content,
  SamplingMessage: sdk.SamplingMessageSchema,
  IncludeContext: sdk.CreateMessageRequestParamsSchema.shape.includeContext.unwrap(),
  CreateMessageRequestParams: sdk.CreateMessageRequestParamsSchema,
  CreateMessageResult: sdk.CreateMessageResultSchema,
  CreateMessageResultWithTools: sdk.CreateMessageResultWithToolsSchema,
  BooleanSchema: sdk.BooleanSchemaSchema,
  StringFormat: sdk.StringSchemaSchema.shape.format.unwrap(),
  StringSchema: sdk.StringSchemaSchema,
  NumberType: sdk.NumberSchemaSchema.shape.type,
  NumberSchema: sdk.NumberSchemaSchema,
  TitledOption: sdk.TitledSingleSelectEnumSchemaSchema.shape.oneOf.element,
  LegacyTitledEnumSchema: sdk.LegacyTitledEnumSchemaSchema,
  UntitledSingleSelectEnumSchema: sdk.UntitledSingleSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchema: sdk.TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectItems: sdk.UntitledMultiSelectEnumSchemaSchema.shape.items,
  TitledMultiSelectItems: sdk.TitledMultiSelectEnumSchemaSchema.shape.items,
  UntitledMultiSelectEnumSchema: sdk.UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchema: sdk.TitledMultiSelectEnumSchemaSchema,
  PrimitiveSchemaDefinition: sdk.PrimitiveSchemaDefinitionSchema,
  RequestedSchema: sdk.ElicitRequestFormParamsSchema.shape.requestedSchema,
  FormMode: sdk.ElicitRequestFormParamsSchema.shape.mode.unwrap(),
  ElicitRequestFormParams: sdk.ElicitRequestFormParamsSchema,
  ElicitRequestUrlParams: sdk.ElicitRequestURLParamsSchema,
  ElicitRequestParams: sdk.ElicitRequestParamsSchema,
  ElicitAction: sdk.ElicitResultSchema.shape.action,
  ElicitValue: sdk.ElicitResultSchema.shape.content.out.unwrap().valueType,
  ElicitResult: sdk.ElicitResultSchema,
  ElicitationCompleteNotificationParams: sdk.ElicitationCompleteNotificationParamsSchema,
  PromptReference: untagged(sdk.PromptReferenceSchema, "type"),
  ResourceTemplateReference: untagged(sdk.ResourceTemplateReferenceSchema, "type"),
  CompletionReference: sdk.CompleteRequestParamsSchema.shape.ref,
  CompletionArgument: sdk.CompleteRequestParamsSchema.shape.argument,
  CompletionContext: sdk.CompleteRequestParamsSchema.shape.context.unwrap(),
  CompleteRequestParams: sdk.CompleteRequestParamsSchema,
  Completion: sdk.CompleteResultSchema.shape.completion,
  CompleteResult: sdk.CompleteResultSchema,
  LoggingLevel: sdk.LoggingLevelSchema,
  SetLevelRequestParams: sdk.SetLevelRequestParamsSchema,
  LoggingMessageNotificationParams: sdk.LoggingMessageNotificationParamsSchema,
  Root: sdk.RootSchema,
  ListRootsResult: sdk.ListRootsResultSchema,
  ProgressNotificationParams: sdk.ProgressNotificationParamsSchema,
  CancelledNotificationParams: sdk.CancelledNotificationParamsSchema,
  TaskStatus: sdk.TaskStatusSchema,
  Task: sdk.TaskSchema,
  TaskRequestParams: sdk.GetTaskRequestSchema.shape.params,
  TaskResult: sdk.GetTaskResultSchema,
  TaskStatusNotificationParams: sdk.TaskStatusNotificationParamsSchema,
  CreateTaskResult: sdk.CreateTaskResultSchema,
  ListTasksResult: sdk.ListTasksResultSchema,
  ListChangedCapability: sdk.ServerCapabilitiesSchema.shape.prompts.unwrap(),
  ResourcesCapability: sdk.ServerCapabilitiesSchema.shape.resources.unwrap(),
  SamplingCapability: sdk.ClientCapabilitiesSchema.shape.sampling.unwrap(),
  FormElicitationCapability: elicitationCapability.out.def.left.shape.form.unwrap(),
  ElicitationCapability: elicitationCapability,
  ClientTaskSamplingRequests: clientTaskRequests.shape.sampling.unwrap(),
  ClientTaskElicitationRequests: clientTaskRequests.shape.elicitation.unwrap(),
  ClientTaskRequests: clientTaskRequests,
  ClientTasksCapability: sdk.ClientTasksCapabilitySchema,
  ServerTaskToolRequests: serverTaskRequests.shape.tools.unwrap(),
  ServerTaskRequests: serverTaskRequests,
  ServerTasksCapability: sdk.ServerTasksCapabilitySchema,
  ClientCapabilities: sdk.ClientCapabilitiesSchema,
  ServerCapabilities: sdk.ServerCapabilitiesSchema,
  InitializeRequestParams: sdk.InitializeRequestParamsSchema,
  InitializeResult: sdk.InitializeResultSchema,
  MetaOnly: untagged(sdk.PingRequestSchema, "method"),
  PaginatedRequest: untagged(sdk.PaginatedRequestSchema, "method"),
  ResourceRequest: untagged(sdk.ReadResourceRequestSchema, "method"),
  TaskRequest: untagged(sdk.GetTaskRequestSchema, "method"),
  InitializeRequest: untagged(sdk.InitializeRequestSchema, "method"),
  CompleteRequest: untagged(sdk.CompleteRequestSchema, "method"),
  SetLevelRequest: untagged(sdk.SetLevelRequestSchema, "method"),
  GetPromptRequest: untagged(sdk.GetPromptRequestSchema, "method"),
  CallToolRequest: untagged(sdk.CallToolRequestSchema, "method"),
  CreateMessageRequest: untagged(sdk.CreateMessageRequestSchema, "method"),
  ElicitRequest: untagged(sdk.ElicitRequestSchema, "method"),
  CancelledNotification: untagged(sdk.CancelledNotificationSchema, "method"),
  ProgressNotification: untagged(sdk.ProgressNotificationSchema, "method"),
  TaskStatusNotification: untagged(sdk.TaskStatusNotificationSchema, "method"),
  LoggingMessageNotification: untagged(sdk.LoggingMessageNotificationSchema, "method"),
  ResourceUpdatedNotification: untagged(sdk.ResourceUpdatedNotificationSchema, "method"),
  ElicitationCompleteNotification: untagged(sdk.ElicitationCompleteNotificationSchema, "method"),
  ClientRequest: sdk.ClientRequestSchema,
  ServerRequest: sdk.ServerRequestSchema,
  ClientNotification: sdk.ClientNotificationSchema,
  ServerNotification: sdk.ServerNotificationSchema,
  ClientResult: sdk.ClientResultSchema,
  ServerResult: sdk.ServerResultSchema,
};

export const reference = {
  name: "@modelcontextprotocol/sdk@1.32.2 zod schemas (dist/esm/types.js, safeParse)",
  validators: Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, (value) => zodVerdict(schema.safeParse(value))]),
  ),
};

/**
 * The contract as a JSON Schema, as zod writes it from the SDK's own schemas: `z.toJSONSchema`
 * over a registry that holds each validator above under its type's name, so that a type used
 * inside another is a `$ref` to its `$defs` entry, the way zod writes a set of schemas that
 * name each other. The SDK's `z.custom` checks (an object test) have no JSON Schema, and
 * `unrepresentable: "any"` writes them as `{}`, as zod's docs advise; `io: "input"` is what a
 * payload is checked against.
 */
export const published = {
  writer:
    'z.toJSONSchema of zod 4.6.7 over the SDK\'s schemas: a registry, one `$defs` entry per type, draft 2020-12, `io: "input"`, `unrepresentable: "any"`',
  document() {
    const registry = z.registry();
    for (const [name, schema] of Object.entries(schemas)) registry.add(schema, { id: name });
    const { schemas: written } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
      uri: (id) => `#/$defs/${id}`,
    });
    // Each schema of a registry is written as a document of its own (`$schema`, an `$id` from
    // `uri`): under one document's `$defs`, the `$ref`s `uri` wrote name them.
    const defs = Object.fromEntries(
      Object.entries(written).map(([name, { $schema, $id, ...schema }]) => [name, schema]),
    );
    return { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs };
  },
  types: Object.fromEntries(Object.keys(schemas).map((name) => [name, `/$defs/${name}`])),
  unwritten: {},
};
