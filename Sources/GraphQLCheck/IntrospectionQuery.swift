/// The introspection query Lazer sends to learn an endpoint's schema: every type with its fields,
/// arguments, input fields, interfaces, possible types, enum values (deprecated ones too) and
/// descriptions, and the directives. Type references are followed seven levels deep
/// (`[[Int!]!]!` needs six). The answer is read by `IntrospectionSDL`.
package enum IntrospectionQuery {
    package static let text = """
        query LazerIntrospection {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives {
              name
              description
              isRepeatable
              locations
              args { ...InputValue }
            }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          specifiedByURL
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) {
            name
            description
            isDeprecated
            deprecationReason
          }
          possibleTypes { ...TypeRef }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name
            ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """
}
