import YaiaSupport

/// One placeholder of a format string as Foundation's `String(format:)` reads it: `%@`, `%d`,
/// `%2$lld`, `%.1f`, `%#@count@`.
///
/// Why the checker needs it: a translation whose placeholders differ from its source (`%d` in
/// English, `%@` in German) compiles, passes every test in English, and crashes or prints
/// garbage when a German user opens the screen.
public struct FormatPlaceholder: Hashable, Sendable, CustomStringConvertible {
  /// What a placeholder takes, which must agree between languages.
  public enum Kind: String, Hashable, Sendable {
    /// `%@`, `%s`: an object or a string.
    case object
    /// `%d`, `%i`, `%u`, `%ld`, `%lld`, `%x`, `%o`, `%c`: a whole number.
    case integer
    /// `%f`, `%e`, `%g`, `%a`: a floating-point number.
    case floatingPoint
    /// `%#@name@`: a substitution the catalog defines (a plural inside a sentence).
    case substitution
  }

  /// Which argument it takes, from 1: its explicit position (`%2$@`), or its place among the
  /// placeholders without one.
  public var position: Int
  /// What it takes.
  public var kind: Kind
  /// The placeholder as written: `%2$lld`.
  public var text: String

  /// A placeholder taking argument `position` of `kind`, written `text`.
  public init(position: Int, kind: Kind, text: String) {
    self.position = position
    self.kind = kind
    self.text = text
  }

  /// The placeholder as written.
  public var description: String { text }

  /// The substitution a `%#@name@` (or `%1$#@name@`) names: the text between its two `@`.
  public var substitutionName: String {
    String(text.split(separator: "@", omittingEmptySubsequences: false).dropFirst().first ?? "")
  }

  /// The most placeholders one text may hold: a catalog is outside input, and no sentence
  /// needs more.
  public static let mostPerText = 64

  /// The placeholders of `format`, in the order written; `%%` is a literal percent sign.
  ///
  /// - Throws: ``Problem`` for a `%` that starts no placeholder Foundation knows (`%y`, a `%`
  ///   at the end), a position of 0 or past ``mostPerText``, more than ``mostPerText``
  ///   placeholders, or numbered and unnumbered placeholders mixed.
  public static func parse(_ format: String) throws(Problem) -> [FormatPlaceholder] {
    let found = try scan(format)
    // Numbered and unnumbered placeholders together have no agreed meaning (printf leaves it
    // undefined): which argument `%@` takes in `%2$@ %@` differs between implementations.
    let numbered = found.filter(\.isNumbered).count
    guard numbered == 0 || numbered == found.count else {
      throw Problem("numbered (`%1$@`) and unnumbered (`%@`) placeholders are mixed")
    }
    return found
  }

  /// Whether it names its argument (`%2$@`) rather than taking the next one.
  public var isNumbered: Bool { text.contains("$") }

  /// The placeholders of `format`, numbered and unnumbered together allowed: a substitution's
  /// form, where an unnumbered one takes the substitution's own number (as a `.stringsdict`
  /// form's `%d` does) and a numbered one an argument of the whole text.
  static func scan(_ format: String) throws(Problem) -> [FormatPlaceholder] {
    let scalars = Array(format.unicodeScalars)
    var found: [FormatPlaceholder] = []
    var next = 1
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      let start = index
      index += 1
      guard index < scalars.count else { throw Problem("a % ends the text") }
      if scalars[index] == "%" {
        index += 1
        continue
      }
      // An explicit position: digits then `$`.
      var position: Int?
      var digits = index
      while digits < scalars.count, ("0"..."9").contains(scalars[digits]), digits - index < 3 {
        digits += 1
      }
      if digits > index, digits < scalars.count, scalars[digits] == "$" {
        let number = Int(String(String.UnicodeScalarView(scalars[index..<digits]))) ?? 0
        guard (1...mostPerText).contains(number) else {
          throw Problem("position \(number) is out of range 1...\(mostPerText)")
        }
        position = number
        index = digits + 1
      }
      // `%#@name@`: a substitution.
      if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
        var end = index + 2
        while end < scalars.count, scalars[end] != "@", end - index < 128 { end += 1 }
        guard end < scalars.count, scalars[end] == "@", end > index + 2 else {
          throw Problem("a substitution `%#@name@` is not closed")
        }
        index = end + 1
        found.append(
          FormatPlaceholder(
            position: position ?? next, kind: .substitution,
            text: String(String.UnicodeScalarView(scalars[start..<index]))))
        if position == nil { next += 1 }
        guard found.count <= mostPerText else {
          throw Problem("more than \(mostPerText) placeholders")
        }
        continue
      }
      // Flags, width and precision, then length modifiers, then the conversion.
      while index < scalars.count, "-+ #0'123456789.".unicodeScalars.contains(scalars[index]),
        index - start < 32
      {
        index += 1
      }
      if index < scalars.count, scalars[index] == "*" {
        // Foundation reads a width or precision from an argument of its own: the text's
        // arguments then shift, and no catalog, accessor or translator can tell.
        throw Problem("`*` takes a width or precision from an argument; write the number instead")
      }
      while index < scalars.count, "hlqzjt".unicodeScalars.contains(scalars[index]),
        index - start < 36
      {
        index += 1
      }
      if index < scalars.count, scalars[index] == "L" {
        throw Problem("`L` asks for a long double, which Swift cannot pass; use `%f`")
      }
      guard index < scalars.count else { throw Problem("a placeholder is not finished") }
      let kind: Kind
      switch scalars[index] {
      case "@", "s", "S": kind = .object
      case "d", "D", "i", "u", "U", "x", "X", "o", "O", "c", "C", "p": kind = .integer
      case "f", "F", "e", "E", "g", "G", "a", "A": kind = .floatingPoint
      default:
        let written = String(String.UnicodeScalarView(scalars[start...index]))
        throw Problem("`\(VisibleText.escaped(written))` is not a placeholder")
      }
      index += 1
      found.append(
        FormatPlaceholder(
          position: position ?? next, kind: kind,
          text: String(String.UnicodeScalarView(scalars[start..<index]))))
      if position == nil { next += 1 }
      guard found.count <= mostPerText else {
        throw Problem("more than \(mostPerText) placeholders")
      }
    }
    return found
  }

  /// What the arguments of `placeholders` must be, by position: the signature two languages'
  /// texts must share.
  public static func signature(_ placeholders: [FormatPlaceholder]) -> [Int: Kind] {
    var signature: [Int: Kind] = [:]
    for placeholder in placeholders { signature[placeholder.position] = placeholder.kind }
    return signature
  }

  /// Why a format string does not read.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    /// A problem saying `description`.
    public init(_ description: String) { self.description = description }
  }
}
