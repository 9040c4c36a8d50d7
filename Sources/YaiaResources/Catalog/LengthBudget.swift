import YaiaSupport

/// A text's length budget, declared where translators see it: in the key's comment, as
/// `max-length: 24` (a button, a tab title, a watch face). ``CatalogCheck`` reports every
/// language whose text is longer (`too-long`), so a German word that breaks a layout fails CI
/// instead of a screenshot review.
///
/// Length counts characters as a reader sees them (grapheme clusters), without placeholders:
/// a `%@` counts nothing, because its argument's length is not the translator's to choose.
public enum LengthBudget {
  /// The largest budget accepted; a larger one is a typo.
  public static let largest = 10_000

  /// What a comment declares.
  public enum Declared: Hashable, Sendable {
    /// A budget of this many characters.
    case limit(Int)
    /// A `max-length:` without a usable number, and why.
    case invalid(String)
  }

  /// The budget `comment` declares: `nil` when it declares none, ``Declared/invalid(_:)`` when
  /// its `max-length:` is not a whole number from 1 to ``largest``.
  public static func declared(in comment: String?) -> Declared? {
    guard let comment else { return nil }
    let marker = Array("max-length:".unicodeScalars)
    let scalars = Array(comment.lowercased().unicodeScalars)
    guard scalars.count >= marker.count,
      let start = (0...(scalars.count - marker.count)).first(where: {
        scalars[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return nil }
    let rest = scalars[(start + marker.count)...].drop { $0 == " " }
    let digits = rest.prefix { ("0"..."9").contains($0) }
    guard !digits.isEmpty, digits.count <= 5,
      let limit = Int(String(String.UnicodeScalarView(digits))), (1...largest).contains(limit)
    else {
      let found = VisibleText.escaped(String(String.UnicodeScalarView(rest.prefix(12))))
      return .invalid(
        "the comment's max-length: needs a whole number from 1 to \(largest), found \"\(found)\"")
    }
    return .limit(limit)
  }

  /// The length of `text` of `localization`: its own characters, plus for each `%#@name@` the
  /// longest form of that substitution (its words are the translator's too), or `nil` when the
  /// placeholders do not read.
  public static func length(of text: String, in localization: StringCatalog.Localization) -> Int? {
    guard var total = length(of: text),
      let placeholders = try? FormatPlaceholder.parse(text)
    else { return nil }
    for placeholder in placeholders where placeholder.kind == .substitution {
      let forms = localization.substitutions[placeholder.substitutionName]?.plural.values
      total += forms?.compactMap { length(of: $0.replacingAll("%arg", with: "")) }.max() ?? 0
    }
    return total
  }

  /// The length of `text` as ``LengthBudget`` counts it, or `nil` when its placeholders do
  /// not read (the `bad-placeholder` finding says so).
  public static func length(of text: String) -> Int? {
    guard let placeholders = try? FormatPlaceholder.parse(text) else { return nil }
    // Placeholders come back in the order written: each `%` that is not `%%` starts the next.
    var next = placeholders.makeIterator()
    var shown = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "%" {
        if index + 1 < scalars.count, scalars[index + 1] == "%" {
          shown.append("%")
          index += 2
        } else {
          index += next.next()?.text.unicodeScalars.count ?? 1
        }
        continue
      }
      shown.append(scalars[index])
      index += 1
    }
    return String(shown).count
  }
}
