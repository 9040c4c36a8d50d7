#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// A generated description of many operations, for the load test and the benchmark's figure.
  package enum OpenAPISample {
    /// A description of `operations` GET operations over 50 shared schemas.
    package static func text(operations: Int) -> String {
      var text = "openapi: 3.0.3\ninfo: { title: Big, version: '1' }\npaths:\n"
      for index in 0..<operations {
        text += """
            /resources\(index)/{id}:
              get:
                operationId: get\(index)
                parameters:
                  - { name: id, in: path, required: true, schema: { type: integer } }
                  - { name: expand, in: query, schema: { type: boolean } }
                responses:
                  '200':
                    description: ok
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/Item\(index % 50)' }
                  '404': { $ref: '#/components/responses/Problem' }

          """
      }
      text +=
        "components:\n  responses:\n    Problem:\n      description: no\n      content:\n        application/json:\n          schema: { type: object, properties: { title: { type: string } } }\n  schemas:\n"
      for index in 0..<50 {
        text +=
          "    Item\(index):\n      type: object\n      required: [id, name]\n      properties:\n        id: { type: integer }\n        name: { type: string }\n        tags: { type: array, items: { type: string } }\n        created: { type: string, format: date-time }\n"
      }
      return text
    }
  }
#endif
