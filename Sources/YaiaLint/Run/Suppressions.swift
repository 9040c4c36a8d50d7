#if Lint  // the trait; without it, TraitRequirement.swift names it
  import SwiftSyntax
  import Foundation

  /// The suppressions a file's comments ask for: `// yaia-lint:disable:next RULE-ID because …`
  /// silences that rule on the next line. A reason is required; a suppression without one, or
  /// naming no rule, silences nothing and is itself reported.
  struct Suppressions: Sendable {
    /// A malformed suppression comment.
    struct Problem {
      var position: AbsolutePosition
      var message: String
    }

    static let marker = "yaia-lint:disable:next"

    private var byLine: [Int: Set<String>] = [:]
    private(set) var problems: [Problem] = []

    init(_ file: LintedFile) {
      // Most files suppress nothing: one search of the text spares a walk of every token.
      guard contains(file.text, Self.marker) else { return }
      for token in file.tree.tokens(viewMode: .sourceAccurate) {
        var offset = token.position
        for piece in token.leadingTrivia {
          defer { offset += piece.sourceLength }
          guard case .lineComment(let text) = piece,
            let range = text.range(of: Self.marker)
          else { continue }
          let rest = text[range.upperBound...].split(
            separator: " ", omittingEmptySubsequences: true)
          guard let rule = rest.first.map(String.init), !rule.isEmpty else {
            problems.append(Problem(position: offset, message: "A suppression names no rule."))
            continue
          }
          guard rest.count >= 3, rest[1] == "because" else {
            problems.append(
              Problem(
                position: offset,
                message: "The suppression of \(rule) gives no reason; it suppresses nothing."))
            continue
          }
          // The next line: the line of the token this comment precedes.
          byLine[file.line(of: token.positionAfterSkippingLeadingTrivia), default: []].insert(rule)
        }
      }
    }

    /// Whether `rule` is silenced on `line`.
    func covers(_ rule: String, line: Int) -> Bool {
      byLine[line]?.contains(rule) ?? false
    }
  }
#endif
