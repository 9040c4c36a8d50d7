#if Lint  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import SwiftParser
  import SwiftSyntax

  /// Commented-out code: a run of `//` comment lines that parses as Swift statements. Version
  /// control keeps old code; comments are for why.
  public struct CommentedOutCodeRule: LintRule {
    /// The rule's id.
    public let id = "commented-out-code"
    /// It looks at one file only, so it runs as soon as that file is parsed.
    public let readsOtherFiles = false
    /// The severity when the configuration sets none.
    public let defaultSeverity = LintSeverity.warning
    /// Off by default: on real apps more than 5% of its findings are wrong (TheRules.md gives
    /// the measured rate); a team that wants it names it in its configuration.
    public let isEnabledByDefault = false
    /// Why the rule exists.
    public let reason =
      "Commented-out code rots: nobody knows whether it still compiles or why it stays; version control already keeps it."
    /// What to do about a finding.
    public let fix = "Delete it (git remembers), or turn it into a sentence that says why."

    /// The rule.
    public init() {}

    /// Comments that are directives or notes, never code.
    static let notes = [
      "MARK", "TODO", "FIXME", "NOTE", "swift-format", "swiftlint", "yaia-lint", "-",
    ]

    /// The findings in `file`.
    ///
    /// Whole-line `//` comments are found in the text, one pass over its bytes, and a run that
    /// has code-like lines is checked against the tree (a `//` line inside a multi-line string
    /// is no comment): walking every token's trivia cost more than all the other rules.
    public func check(_ file: LintedFile, _ context: LintContext) -> [RuleFinding] {
      var findings: [RuleFinding] = []
      var run: [String] = []
      var starts: [Int] = []
      // Whether each line of the run looks like code, asked once a line.
      var codeLike: [Bool] = []
      func close() {
        defer {
          run = []
          starts = []
          codeLike = []
        }
        guard let first = starts.first, codeLike.contains(true), isComment(at: first, in: file)
        else { return }
        for (index, count) in Self.codeGroups(run, codeLike: codeLike) {
          findings.append(
            RuleFinding(
              at: AbsolutePosition(utf8Offset: starts[index]),
              "\(count) line\(count == 1 ? "" : "s") of commented-out code"))
        }
      }
      let bytes = Array(file.text.utf8)
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        var first = lineStart
        while first < lineEnd,
          bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")
        {
          first += 1
        }
        let slash = UInt8(ascii: "/")
        if first + 1 < lineEnd, bytes[first] == slash, bytes[first + 1] == slash,
          first + 2 >= lineEnd || bytes[first + 2] != slash
        {
          // Decoded from a buffer, not an array slice (which takes String's slow path).
          let body = bytes.withUnsafeBufferPointer {
            String(
              decoding: UnsafeBufferPointer(rebasing: $0[(first + 2)..<lineEnd]), as: UTF8.self)
          }
          let trimmedBody = Self.trimmed(body)
          if Self.notes.contains(where: { trimmedBody.hasPrefix($0) }) {
            close()
          } else {
            starts.append(first)
            run.append(body)
            codeLike.append(Self.looksLikeCode(body))
          }
        } else {
          close()
        }
        lineStart = lineEnd + 1
      }
      close()
      return findings
    }

    /// Whether the `//` at `offset` is a comment (in a token's leading trivia), not text in a
    /// string literal.
    private func isComment(at offset: Int, in file: LintedFile) -> Bool {
      let position = AbsolutePosition(utf8Offset: offset)
      guard let token = file.tree.token(at: position) else { return true }
      return position < token.positionAfterSkippingLeadingTrivia
    }

    /// The groups of consecutive lines in `run` that read as code, as (first index, count):
    /// from each line, the longest stretch that parses, so prose around code is left out.
    /// `codeLike` says which lines ``looksLikeCode(_:)``.
    static func codeGroups(_ run: [String], codeLike: [Bool]) -> [(Int, Int)] {
      var groups: [(Int, Int)] = []
      // Only stretches of lines that look like code are parsed: a line of words alone ends a
      // stretch, so a long run of prose costs one glance per line.
      var start = 0
      while start < run.count {
        guard codeLike[start] else {
          start += 1
          continue
        }
        var end = start
        while end < run.count,
          codeLike[end] || trimmed(run[end]).isEmpty
        {
          end += 1
        }
        // An example the prose introduces (`… for example:` then code indented under it) is
        // documentation, and so is notation with letters code does not have (`θ = sinΔλ`).
        groups += codeGroups(in: run, from: start, to: end).filter { first, count in
          let introduced =
            first > 0 && trimmed(run[first - 1]).hasSuffix(":")
            && indentation(run[first]) > indentation(run[first - 1])
          return !introduced
            && !run[first..<(first + count)].contains(where: hasNonASCIIOutsideStrings)
        }
        start = end
      }
      return groups
    }

    /// `line` without the spaces and tabs around it (what `trimmingCharacters(in: .whitespaces)`
    /// drops: tabs and Unicode's space separators), in Swift alone: Foundation's bridge to
    /// NSString took a tenth of a whole lint run on a real app.
    static func trimmed(_ line: String) -> Substring {
      func isSpace(_ character: Character) -> Bool {
        if character == " " || character == "\t" { return true }
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return false }
        return scalar.properties.generalCategory == .spaceSeparator
      }
      let start = line.drop(while: isSpace)
      var end = start.endIndex
      while end > start.startIndex, isSpace(start[start.index(before: end)]) {
        end = start.index(before: end)
      }
      return start[start.startIndex..<end]
    }

    /// How many spaces a comment line's text starts with.
    static func indentation(_ line: String) -> Int {
      line.prefix { $0 == " " }.count
    }

    /// Whether `line` has a character beyond ASCII outside its string literals: Swift code
    /// rarely does, prose and formulas often.
    static func hasNonASCIIOutsideStrings(_ line: String) -> Bool {
      var inString = false
      for scalar in line.unicodeScalars {
        if scalar == "\"" { inString.toggle() }
        if !inString, scalar.value > 127 { return true }
      }
      return false
    }

    /// Whether a line has what code has: brackets, an assignment, a call, a keyword.
    ///
    /// Read byte by byte: every comment line of every file is asked, and reading it as
    /// characters cost a tenth of a lint run on a real app. ASCII bytes never occur inside a
    /// character beyond ASCII, so brackets and keywords are found exactly; a line whose first or
    /// last character past the spaces is beyond ASCII (a space of another script, perhaps) is
    /// read as characters (``looksLikeCodeByCharacters(_:)``), and so is a line where a byte
    /// beyond ASCII stands beside a bracket or the space after the first word (a combining
    /// mark may make them one character with it). The two decide the same.
    static func looksLikeCode(_ line: String) -> Bool {
      var line = line
      let space = UInt8(ascii: " ")
      let tab = UInt8(ascii: "\t")
      let answer: Bool? = line.withUTF8 { bytes in
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
        while end > start, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
        if start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 { return nil }
        // A byte beyond ASCII beside an ASCII one may join it into one character (a combining
        // mark after it, a prepended mark before it): there, only characters can tell.
        func joined(_ index: Int) -> Bool {
          (index + 1 < end && bytes[index + 1] >= 0x80)
            || (index > start && bytes[index - 1] >= 0x80)
        }
        for index in start..<end {
          switch bytes[index] {
          case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return joined(index) ? nil : true
          default: continue
          }
        }
        var wordEnd = start
        while wordEnd < end, bytes[wordEnd] != space { wordEnd += 1 }
        if wordEnd < end, joined(wordEnd) { return nil }  // a space that is not one character
        guard wordEnd - start <= 6 else { return false }  // no keyword below is longer
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<wordEnd]), as: UTF8.self)
        return codeKeywords.contains(word)
      }
      return answer ?? looksLikeCodeByCharacters(line)
    }

    /// The words a line of code starts with.
    static let codeKeywords: Set<String> = [
      "let", "var", "func", "return", "import", "guard", "if", "for", "while", "switch", "case",
      "struct", "class", "enum",
    ]

    /// ``looksLikeCode(_:)`` read as characters: the definition the byte reading keeps to.
    static func looksLikeCodeByCharacters(_ line: String) -> Bool {
      let trimmed = Self.trimmed(line)
      if trimmed.contains(where: { "(){}=;[]".contains($0) }) { return true }
      let first = trimmed.split(separator: " ").first.map(String.init) ?? ""
      return codeKeywords.contains(first)
    }

    /// The code groups among `run[start..<end]`: from each line, the longest of a few stretches
    /// (all of it up to 20 lines, then 10, 5, 2 and 1) that parses. At most five parses a line, and no more
    /// than ``maxParsesPerRun`` for a run: a hostile file of code-like comments stays fast.
    private static func codeGroups(in run: [String], from start: Int, to end: Int) -> [(Int, Int)] {
      var groups: [(Int, Int)] = []
      var first = start
      var parses = 0
      while first < end, parses < maxParsesPerRun {
        var longest = 0
        let most = min(20, end - first)
        for size in [most] + [10, 5, 2, 1].filter({ $0 < most }) {
          let last = first + size
          parses += 1
          if isCode(Array(run[first..<last])) {
            longest = last - first
            break
          }
        }
        if longest > 0 {
          groups.append((first, longest))
          first += longest
        } else {
          first += 1
        }
      }
      return groups
    }

    /// The most parses spent on one run of comment lines.
    static let maxParsesPerRun = 1_000

    /// Whether `lines` read as Swift: they parse without error, and hold a declaration, an
    /// assignment, a call or a control statement (a lone word or a sentence does not count).
    static func isCode(_ lines: [String]) -> Bool {
      let text = lines.joined(separator: "\n")
      guard text.contains(where: { "(){}=;.".contains($0) }) || text.contains("return") else {
        return false
      }
      guard ParseGuard.refusal(text) == nil else { return false }
      let tree = Parser.parse(source: text)
      guard !tree.hasError, !tree.statements.isEmpty else { return false }
      return tree.statements.allSatisfy { statement in
        switch statement.item {
        case .decl: return true
        case .stmt: return true
        case .expr(let expression):
          return expression.is(FunctionCallExprSyntax.self)
            || expression.is(InfixOperatorExprSyntax.self)
            || expression.is(SequenceExprSyntax.self)
            || expression.is(MemberAccessExprSyntax.self)
              && lines.count == 1 && text.contains("(")
        }
      }
    }
  }
#endif
