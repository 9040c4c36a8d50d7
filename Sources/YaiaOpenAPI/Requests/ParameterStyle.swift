#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// How a parameter's value is written into a request (OpenAPI's `style`), which decides how a
  /// list or an object is read back from the query, path, header or cookie.
  ///
  /// | Style | Where | A list `[a, b]` | An object `{x: 1}` |
  /// | --- | --- | --- | --- |
  /// | `form` (explode) | query, cookie | `?id=a&id=b` | `?x=1` |
  /// | `form` | query, cookie | `?id=a,b` | `?id=x,1` |
  /// | `spaceDelimited` | query | `?id=a%20b` | |
  /// | `pipeDelimited` | query | `?id=a\|b` | |
  /// | `deepObject` | query | | `?id[x]=1` |
  /// | `simple` | path, header | `a,b` | `x,1` (`x=1` exploded) |
  /// | `label` | path | `.a.b` (`.a.b` exploded) | `.x.1` (`.x=1`) |
  /// | `matrix` | path | `;id=a,b` (`;id=a;id=b`) | `;id=x,1` (`;x=1`) |
  public enum ParameterStyle: String, Sendable, CaseIterable {
    case form, spaceDelimited, pipeDelimited, deepObject, simple, label, matrix

    /// The style a parameter has when its description names none: `form` in the query and in
    /// cookies, `simple` in the path and in headers.
    public static func defaultStyle(in location: OpenAPIOperation.Location) -> ParameterStyle {
      switch location {
      case .query, .cookie: .form
      case .path, .header: .simple
      }
    }

    /// The styles a location allows, as the specification lists them.
    public static func allowed(in location: OpenAPIOperation.Location) -> [ParameterStyle] {
      switch location {
      case .query: [.form, .spaceDelimited, .pipeDelimited, .deepObject]
      case .path: [.simple, .label, .matrix]
      case .header: [.simple]
      case .cookie: [.form]
      }
    }
  }
#endif
