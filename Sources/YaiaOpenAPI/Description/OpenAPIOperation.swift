#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// One operation of an OpenAPI description: a method on a path template, what it takes and
  /// what it answers.
  public struct OpenAPIOperation: Sendable {
    /// Where a parameter is sent.
    public enum Location: String, Sendable {
      case path, query, header, cookie
    }

    /// A parameter: its name, where it goes, whether it must be sent, and its schema.
    public struct Parameter: Sendable {
      /// The name.
      public var name: String
      /// Where it is sent.
      public var location: Location
      /// Whether a request must send it (path parameters always).
      public var isRequired: Bool
      /// How a list or an object is written: `style`, or the location's default.
      public var style: ParameterStyle
      /// `explode`: a list as repeated items (`?id=a&id=b`) rather than one delimited value.
      /// The default is true for `form`, false for the other styles.
      public var explode: Bool
      package var schema: JSONSchema?
    }

    /// One documented response: its status key (`200`, `4XX`, `default`), and its JSON body's
    /// schema and example, when it has one.
    public struct Response: Sendable {
      /// `200`, `2XX` or `default`, as the description writes it.
      public var status: String
      /// Whether the response documents a JSON body.
      public var hasJSONBody: Bool
      /// Whether it documents a body of another type (an image, text).
      public var hasOtherBody: Bool
      /// The JSON media type as documented (`application/problem+json`).
      public var mediaType = "application/json"
      package var schema: JSONSchema?
      package var example: JSONValue?
      /// The line of the response in the description.
      public var line: Int
    }

    /// The method.
    public var method: HTTPMethod
    /// The path template as written (`/pets/{petId}`), after the server's base path.
    public var path: String
    /// `operationId`, if any.
    public var id: String?
    /// The line of the operation in the description.
    public var line: Int
    /// The parameters, the path item's and the operation's together.
    public var parameters: [Parameter]
    /// The documented responses, in the order written.
    public var responses: [Response]
    /// Whether a request must send a body.
    public var requiresBody: Bool
    package var bodySchema: JSONSchema?
    /// The media types a request body may be sent as (`application/json`), lower-cased and
    /// without parameters; empty when the operation takes no body.
    public var bodyMediaTypes: [String] = []
    /// The path as a template: its literal and parameter segments.
    public var template: PathTemplate
    /// The schema of a body sent as a form (`application/x-www-form-urlencoded`,
    /// `multipart/form-data`), where the description gives one apart from the JSON body's.
    package var formSchema: JSONSchema? = nil
    /// The form's `encoding` by media type, then by property: how each top-level field is
    /// sent (OpenAPI 3's `style`, `explode`, and a multipart part's `contentType`).
    package var formEncodings: [String: [String: FormEncoding]] = [:]

    /// How one top-level field of a form is sent (an `encoding` entry of OpenAPI 3).
    package struct FormEncoding: Sendable, Equatable {
      /// `form` (the default), `spaceDelimited`, `pipeDelimited` or `deepObject`.
      package var style: ParameterStyle = .form
      /// Whether an array or object is sent as one field per value (the default for `form`),
      /// or as one field of delimited values (`tags=a,b`).
      package var explode = true
      /// A multipart part's media types, as a comma-separated list that may use wildcards
      /// (`image/png, image/*`); `nil` for the default of its schema's type.
      package var contentType: String?

      package init(style: ParameterStyle = .form, explode: Bool = true, contentType: String? = nil)
      {
        self.style = style
        self.explode = explode
        self.contentType = contentType
      }
    }

    /// `GET /pets/{petId}`, or the operation's id.
    public var name: String { id ?? "\(method) \(path)" }

    /// The response documented for `status`: the exact code, then its class (`4XX`), then
    /// `default`.
    public func response(for status: HTTPStatus) -> Response? {
      let code = String(status.code)
      let family = "\(status.code / 100)XX"
      return responses.first { $0.status == code }
        ?? responses.first { $0.status.uppercased() == family }
        ?? responses.first { $0.status == "default" }
    }
  }
#endif
