import JSONSchema
import JSONTree

/// Compiles `schema` and validates `instance` (both JSON text).
func findings(_ schema: String, _ instance: String, options: SchemaOptions = SchemaOptions()) throws -> [SchemaFinding]
{
    let compiled = try CompiledSchema(document: try JSONDocument(text: schema), options: options)
    return compiled.validate(try JSONDocument(text: instance)).findings
}

/// The one-line descriptions of the findings.
func lines(_ schema: String, _ instance: String, options: SchemaOptions = SchemaOptions()) throws -> [String] {
    try findings(schema, instance, options: options).map(\.description)
}
