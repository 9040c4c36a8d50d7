import Foundation

/// A request path's segments as routing and OpenAPI matching see them: split at `/`, empty and
/// `.` segments dropped, and each decoded exactly once, so an encoded `/` stays inside its
/// segment. One reading for the mock server's routes and a description's path templates, so
/// that the two never disagree on which path a request names.
package enum PathSegments {
  /// The percent-encoded segments of `path`, without empty and `.` segments.
  package static func of(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
      .filter { $0 != "." }
  }

  /// `segment` percent-decoded, or as sent when it is not valid percent-encoding.
  package static func decoded(_ segment: String) -> String {
    segment.removingPercentEncoding ?? segment
  }
}

/// A query string's items as sent: names decoded, values kept percent-encoded so that a
/// serialization style can split them at their delimiters before decoding (`a,b` is two values
/// of a `form` array; `a%2Cb` is one value holding a comma).
package enum QueryPairs {
  /// The items of `rawQuery` (without its `?`), in order, repeated names kept. A name or value
  /// that is not valid percent-encoding is kept as sent; an item without `=` has an empty
  /// value.
  package static func of(_ rawQuery: String) -> [(name: String, rawValue: String)] {
    rawQuery.split(separator: "&").map { item in
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(pair[0])
      return (decoded(name), pair.count > 1 ? String(pair[1]) : "")
    }
  }

  /// A query text decoded: `+` is a space (as HTML forms and URLSearchParams send it), then
  /// percent-decoding; kept as sent when it is not valid percent-encoding.
  package static func decoded(_ text: String) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
