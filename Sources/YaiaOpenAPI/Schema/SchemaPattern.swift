#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// A schema's `pattern`: the ECMA-262 regular expression a string must contain a match of,
  /// read into a program that checks a text in time linear in its length (no backtracking,
  /// so no pattern can make a request body take seconds), and that can write a text it
  /// matches (what a sample of the schema holds).
  ///
  /// Read: literals, `.`, classes (`[a-z_]`, `[^,]`), `\d \w \s` and their negations, escapes
  /// (`\.`, `\n`, `\u00e9`, `\x41`), groups (`(…)`, `(?:…)`, `(?<name>…)`), alternation, the
  /// quantifiers `* + ? {n} {n,} {n,m}` (lazy ones alike), and the anchors `^ $`: the subset
  /// real descriptions use (Discord's snowflakes, Stripe's ids, ISO codes, semantic versions).
  /// Anything else (look-arounds, back-references, `\b`) is ``Unsupported``: the pattern is
  /// then not checked, and the description's notes say so once, at load.
  package struct SchemaPattern: Sendable, Equatable {
    /// The pattern as the description writes it.
    package let source: String
    private let program: [Instruction]

    /// Why a pattern is not read.
    package struct Unsupported: Error, Equatable {
      /// What is not read, and where in the pattern.
      package let reason: String
    }

    /// The longest pattern read, in scalars.
    package static let longestSource = 1_024
    /// The most instructions a pattern compiles to (`a{1000}` is a thousand).
    package static let mostInstructions = 4_096

    package static func == (lhs: SchemaPattern, rhs: SchemaPattern) -> Bool {
      lhs.source == rhs.source
    }

    /// Reads `source`.
    ///
    /// - Throws: ``Unsupported`` for syntax outside the subset above, a pattern that does not
    ///   read (an unclosed group), or one over ``longestSource`` scalars or
    ///   ``mostInstructions`` instructions.
    package init(_ source: String) throws(Unsupported) {
      let scalars = Array(source.unicodeScalars)
      guard scalars.count <= Self.longestSource else {
        throw Unsupported(reason: "longer than \(Self.longestSource) characters")
      }
      var parser = Parser(scalars: scalars)
      let node = try parser.alternation(depth: 0)
      guard parser.index == scalars.count else {
        throw Unsupported(reason: "an unmatched `)` at character \(parser.index + 1)")
      }
      var compiler = Compiler()
      try compiler.emit(node)
      compiler.program.append(.match)
      self.source = source
      self.program = compiler.program
      self.node = node
    }

    private let node: Node

    /// The number of instructions: what matching costs per scalar of the text, at most.
    package var size: Int { program.count }

    // MARK: Matching

    /// Whether `text` contains a match (JSON Schema's patterns are not anchored unless they
    /// say `^`/`$`). `nil` when checking would take more than `steps` steps: the text is then
    /// not judged, as a schema too complex to check is not.
    package func matches(_ text: String, steps: Int = 4_000_000) -> Bool? {
      matching(text, steps: steps).matched
    }

    /// Whether `text` contains a match (`nil` past `steps`), and the steps it took: states
    /// visited, each a constant cost (a class is a binary search of its ranges).
    package func matching(_ text: String, steps: Int) -> (matched: Bool?, steps: Int) {
      let scalars = Array(text.unicodeScalars)
      var taken = 0
      var current = StateSet(count: program.count)
      var next = StateSet(count: program.count)
      for position in 0...scalars.count {
        // A match may start anywhere: the first instruction joins at every position.
        add(0, at: position, length: scalars.count, to: &current, steps: &taken)
        if current.contains(program.count - 1) { return (true, taken) }
        guard position < scalars.count else { break }
        guard taken <= steps else { return (nil, taken) }
        let scalar = scalars[position]
        next.clear()
        for state in current.members {
          taken += 1
          if case .scalar(let set, let target) = program[state], set.contains(scalar) {
            add(target, at: position + 1, length: scalars.count, to: &next, steps: &taken)
          }
        }
        swap(&current, &next)
      }
      return (current.contains(program.count - 1), taken)
    }

    /// Adds `state` and every state reachable from it without reading a scalar.
    private func add(
      _ state: Int, at position: Int, length: Int, to set: inout StateSet, steps: inout Int
    ) {
      var pending = [state]
      while let state = pending.popLast() {
        steps += 1
        guard set.insert(state) else { continue }
        switch program[state] {
        case .split(let first, let second):
          pending.append(second)
          pending.append(first)
        case .jump(let target): pending.append(target)
        case .start(let target): if position == 0 { pending.append(target) }
        case .end(let target): if position == length { pending.append(target) }
        case .scalar, .match: break
        }
      }
    }

    // MARK: Writing

    /// A text the pattern matches, between `least` and `most` scalars long when it can be;
    /// `nil` when none of the texts it tries matches within those lengths. Quantifiers are
    /// tried at their least first, then growing, so the text is short and reads plainly. At
    /// most 28 texts are tried, each matched within 100,000 steps: a few million steps for a
    /// pattern nothing satisfies. With `accepted`, a text must also pass it (a schema's
    /// `format`: a pattern of hex digits beside `format: uuid`).
    package func sample(
      least: Int = 0, most: Int? = nil, where accepted: (String) -> Bool = { _ in true }
    ) -> String? {
      // Each alternation's first choice, then its last (`N/A|\d+` with a least length of 4
      // needs the digits); a text already tried is not matched again, so a pattern with no
      // open quantifier costs one match per order.
      for lastChoice in [false, true] {
        var previous: String?
        for repeats in [0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 64, 256, 1_024] {
          var writer = SampleWriter(repeats: repeats, lastChoice: lastChoice)
          guard writer.write(node) else { continue }
          let sample = String(writer.text)
          guard sample != previous else { continue }
          previous = sample
          let length = writer.text.count
          guard length >= least, most.map({ length <= $0 }) ?? true else {
            if let most, length > most { break }  // it only grows from here
            continue
          }
          if matches(sample, steps: 100_000) == true, accepted(sample) { return sample }
        }
      }
      return nil
    }
  }

  extension SchemaPattern {
    /// A pattern as a tree.
    fileprivate indirect enum Node: Sendable {
      case empty
      case set(ScalarSet)
      case sequence([Node])
      case alternation([Node])
      case repetition(Node, least: Int, most: Int?)
      case start
      case end
    }

    /// Writes one text of a tree: each open quantifier repeated `repeats` times (within its
    /// bounds), each alternation's first choice that writes (or, with `lastChoice`, its last),
    /// giving up past 4,096 scalars or 20,000 nodes visited (`((a*)*)*` repeats nothing a
    /// million times otherwise).
    fileprivate struct SampleWriter {
      let repeats: Int
      let lastChoice: Bool
      private(set) var text = String.UnicodeScalarView()
      private var steps = 20_000
      static let longest = 4_096

      init(repeats: Int, lastChoice: Bool) {
        self.repeats = repeats
        self.lastChoice = lastChoice
      }

      /// Appends a text of `node`; `false` when it cannot (an empty class, a bound passed).
      mutating func write(_ node: Node) -> Bool {
        steps -= 1
        guard steps > 0 else { return false }
        switch node {
        case .empty, .start, .end: return true
        case .set(let set):
          guard text.count < Self.longest, let scalar = set.representative else { return false }
          text.append(scalar)
          return true
        case .sequence(let parts):
          return parts.allSatisfy { write($0) }
        case .alternation(let choices):
          let before = text
          for choice in lastChoice ? choices.reversed() : choices {
            if write(choice) { return true }
            text = before
          }
          return false
        case .repetition(let inner, let least, let most):
          let count = min(max(least, repeats), most ?? Int.max)
          return (0..<count).allSatisfy { _ in write(inner) }
        }
      }
    }

    /// One step of the compiled pattern.
    fileprivate enum Instruction: Sendable {
      /// Reads one scalar in the set, then goes on at the target.
      case scalar(ScalarSet, Int)
      /// Goes on at both.
      case split(Int, Int)
      case jump(Int)
      /// Goes on only at the start of the text.
      case start(Int)
      /// Goes on only at its end.
      case end(Int)
      case match
    }

    /// A set of scalars: ranges, or every scalar outside them.
    fileprivate struct ScalarSet: Sendable {
      var ranges: [ClosedRange<UInt32>]
      var negated = false

      /// Whether `scalar` is in the set: a binary search of the ranges, which ``merged()``
      /// sorted and joined (a class of 500 letters is one search, not 500 comparisons).
      func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count
        while low < high {
          let middle = (low + high) / 2
          if ranges[middle].upperBound < value {
            low = middle + 1
          } else {
            high = middle
          }
        }
        return (low < ranges.count && ranges[low].contains(value)) != negated
      }

      /// The set with its ranges sorted, and overlapping or touching ones joined.
      func merged() -> ScalarSet {
        var joined: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
          if let last = joined.last, range.lowerBound <= last.upperBound &+ 1 {
            joined[joined.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
          } else {
            joined.append(range)
          }
        }
        return ScalarSet(ranges: joined, negated: negated)
      }

      /// A scalar in the set, plain where it can be: a lower-case letter, a digit, an
      /// upper-case letter, else the first the set holds.
      var representative: Unicode.Scalar? {
        for preferred in "a0A_-x .:/@" {
          if let scalar = preferred.unicodeScalars.first, contains(scalar) { return scalar }
        }
        if !negated {
          return ranges.lazy.compactMap { range in
            (range.lowerBound...min(range.upperBound, range.lowerBound + 2_048))
              .lazy.compactMap(Unicode.Scalar.init).first
          }.first
        }
        return (0x21...0x7E).lazy.compactMap(Unicode.Scalar.init).first { contains($0) }
      }

      static let digits = ScalarSet(ranges: [48...57])
      static let word = ScalarSet(ranges: [48...57, 65...90, 95...95, 97...122])  // sorted
      static let space = ScalarSet(ranges: [
        9...13, 32...32, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
      ])
      /// `.`: anything but a line terminator.
      static let any = ScalarSet(ranges: [10...10, 13...13, 0x2028...0x2029], negated: true)
    }

    /// The states a match may be in, each once, in the order reached.
    fileprivate struct StateSet {
      private var marks: [Bool]
      private(set) var members: [Int] = []

      init(count: Int) { marks = Array(repeating: false, count: count) }

      func contains(_ state: Int) -> Bool { marks[state] }

      /// Adds `state`; `false` if it was there.
      mutating func insert(_ state: Int) -> Bool {
        guard !marks[state] else { return false }
        marks[state] = true
        members.append(state)
        return true
      }

      mutating func clear() {
        for state in members { marks[state] = false }
        members.removeAll(keepingCapacity: true)
      }
    }

    /// Reads a pattern's scalars into a tree.
    fileprivate struct Parser {
      let scalars: [Unicode.Scalar]
      var index = 0

      /// Groups nested deeper are refused: the tree is walked recursively.
      static let deepest = 64

      private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

      private func refused(_ what: String) -> Unsupported {
        Unsupported(reason: "\(what) at character \(index + 1)")
      }

      mutating func alternation(depth: Int) throws(Unsupported) -> Node {
        guard depth < Self.deepest else { throw refused("groups nested too deep") }
        var choices = [try sequence(depth: depth)]
        while peek == "|" {
          index += 1
          choices.append(try sequence(depth: depth))
        }
        return choices.count == 1 ? choices[0] : .alternation(choices)
      }

      private mutating func sequence(depth: Int) throws(Unsupported) -> Node {
        var parts: [Node] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
          let atom = try self.atom(depth: depth)
          parts.append(try quantified(atom))
        }
        return parts.isEmpty ? .empty : parts.count == 1 ? parts[0] : .sequence(parts)
      }

      private mutating func quantified(_ atom: Node) throws(Unsupported) -> Node {
        guard let scalar = peek else { return atom }
        var least = 0
        var most: Int?
        switch scalar {
        case "*": index += 1
        case "+":
          index += 1
          least = 1
        case "?":
          index += 1
          most = 1
        case "{":
          guard let bounds = braces() else { return atom }  // a literal `{`, as ECMA-262 reads it
          (least, most) = bounds
        default: return atom
        }
        if case .start = atom { throw refused("a quantifier after an anchor") }
        if case .end = atom { throw refused("a quantifier after an anchor") }
        if peek == "?" { index += 1 }  // lazy: the same texts match
        var probe = self
        if let next = peek, "*+?".unicodeScalars.contains(next) || probe.braces() != nil {
          throw refused("a quantifier after a quantifier")
        }
        return .repetition(atom, least: least, most: most)
      }

      /// `{n}`, `{n,}` or `{n,m}` (at most 1,000 each), read past; `nil` (nothing read) for a
      /// `{` that starts none.
      private mutating func braces() -> (Int, Int?)? {
        var cursor = index + 1
        func number() -> Int? {
          let start = cursor
          while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
          guard cursor > start, cursor - start <= 4 else { return nil }
          return Int(String(String.UnicodeScalarView(scalars[start..<cursor])))
        }
        guard let least = number(), least <= 1_000 else { return nil }
        var most: Int? = least
        if cursor < scalars.count, scalars[cursor] == "," {
          cursor += 1
          most = nil
          if cursor < scalars.count, scalars[cursor] != "}" {
            guard let bound = number(), bound >= least, bound <= 1_000 else { return nil }
            most = bound
          }
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        index = cursor + 1
        return (least, most)
      }

      private mutating func atom(depth: Int) throws(Unsupported) -> Node {
        guard let scalar = peek else { return .empty }
        index += 1
        switch scalar {
        case "^": return .start
        case "$": return .end
        case ".": return .set(.any)
        case "*", "+", "?": throw refused("a quantifier with nothing before it")
        case "[": return .set(try characterClass())
        case "\\": return .set(try escape(inClass: false))
        case "(":
          if peek == "?" {
            index += 1
            if peek == ":" {
              index += 1
            } else if peek == "<", index + 1 < scalars.count, scalars[index + 1] != "=",
              scalars[index + 1] != "!"
            {
              while let next = peek, next != ">" { index += 1 }
              guard peek == ">" else { throw refused("an unclosed group name") }
              index += 1
            } else {
              throw refused("a look-around or group flag (`(?=`, `(?!`, `(?<=`)")
            }
          }
          let inner = try alternation(depth: depth + 1)
          guard peek == ")" else { throw refused("an unclosed group") }
          index += 1
          return inner
        default:
          return .set(ScalarSet(ranges: [scalar.value...scalar.value]))
        }
      }

      /// `[…]` after its `[`.
      private mutating func characterClass() throws(Unsupported) -> ScalarSet {
        var set = ScalarSet(ranges: [])
        if peek == "^" {
          index += 1
          set.negated = true
        }
        while let scalar = peek, scalar != "]" {
          index += 1
          var low: ScalarSet
          if scalar == "\\" {
            low = try escape(inClass: true)
          } else {
            low = ScalarSet(ranges: [scalar.value...scalar.value])
          }
          // A range `a-z`, unless the `-` ends the class or a side is a class of its own.
          if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]",
            low.ranges.count == 1, low.ranges[0].count == 1, !low.negated
          {
            index += 1
            let upper = scalars[index]
            index += 1
            let high =
              upper == "\\"
              ? try escape(inClass: true) : ScalarSet(ranges: [upper.value...upper.value])
            guard high.ranges.count == 1, high.ranges[0].count == 1, !high.negated,
              low.ranges[0].lowerBound <= high.ranges[0].lowerBound
            else { throw refused("a class range out of order") }
            low = ScalarSet(ranges: [low.ranges[0].lowerBound...high.ranges[0].lowerBound])
          }
          guard !low.negated else {
            // `[^\D]` and the like: rare, and a negation inside a class is not one range.
            throw refused("a negated class escape (`\\D`, `\\W`, `\\S`) inside a class")
          }
          set.ranges += low.ranges
        }
        guard peek == "]" else { throw refused("an unclosed class") }
        index += 1
        return set.merged()
      }

      /// An escape after its `\`.
      private mutating func escape(inClass: Bool) throws(Unsupported) -> ScalarSet {
        guard let scalar = peek else { throw refused("a `\\` at the end") }
        index += 1
        func one(_ value: UInt32) -> ScalarSet { ScalarSet(ranges: [value...value]) }
        switch scalar {
        case "d": return .digits
        case "D": return ScalarSet(ranges: ScalarSet.digits.ranges, negated: true)
        case "w": return .word
        case "W": return ScalarSet(ranges: ScalarSet.word.ranges, negated: true)
        case "s": return .space
        case "S": return ScalarSet(ranges: ScalarSet.space.ranges, negated: true)
        case "n": return one(10)
        case "r": return one(13)
        case "t": return one(9)
        case "f": return one(12)
        case "v": return one(11)
        case "0": return one(0)
        case "b" where inClass: return one(8)
        case "x": return one(try hex(digits: 2))
        case "u":
          if peek == "{" { throw refused("a `\\u{…}` escape (the `u` flag's)") }
          let value = try hex(digits: 4)
          // Without the `u` flag ECMA-262 matches UTF-16 code units: a pattern naming half a
          // surrogate pair matches texts no scalar-wise reading can, so it is not read.
          guard !(0xD800...0xDFFF).contains(value) else {
            throw refused(
              "a UTF-16 surrogate escape (`\\u\(String(value, radix: 16, uppercase: true))`)")
          }
          return one(value)
        case "b", "B": throw refused("a word boundary")
        case "1"..."9": throw refused("a back-reference")
        case "p", "P", "k", "c": throw refused("a `\\\(scalar)` escape")
        default:
          guard !scalar.properties.isAlphabetic || !scalar.isASCII else {
            throw refused("the escape `\\\(scalar)`")
          }
          return one(scalar.value)
        }
      }

      private mutating func hex(digits: Int) throws(Unsupported) -> UInt32 {
        guard index + digits <= scalars.count else { throw refused("a short hex escape") }
        let text = String(String.UnicodeScalarView(scalars[index..<(index + digits)]))
        guard let value = UInt32(text, radix: 16) else { throw refused("a hex escape") }
        index += digits
        return value
      }
    }

    /// Turns a tree into instructions.
    fileprivate struct Compiler {
      var program: [Instruction] = []
      /// Nodes compiled: bounded apart from the instructions, since a repeated empty group
      /// (`((){1000}){1000}`) adds none however often it is compiled.
      private var work = 0
      static let mostWork = 100_000

      private mutating func append(_ instruction: Instruction) throws(Unsupported) -> Int {
        guard program.count < SchemaPattern.mostInstructions else {
          throw Unsupported(
            reason: "it compiles to more than \(SchemaPattern.mostInstructions) steps")
        }
        program.append(instruction)
        return program.count - 1
      }

      mutating func emit(_ node: Node) throws(Unsupported) {
        work += 1
        guard work <= Self.mostWork else {
          throw Unsupported(reason: "it repeats a part too often to compile")
        }
        switch node {
        case .empty: break
        case .set(let set):
          let at = try append(.match)
          program[at] = .scalar(set, at + 1)
        case .start:
          let at = try append(.match)
          program[at] = .start(at + 1)
        case .end:
          let at = try append(.match)
          program[at] = .end(at + 1)
        case .sequence(let parts):
          for part in parts { try emit(part) }
        case .alternation(let choices):
          // split(choice, next split) … each choice jumps to the end.
          var jumps: [Int] = []
          for (offset, choice) in choices.enumerated() {
            if offset < choices.count - 1 {
              let split = try append(.match)
              try emit(choice)
              jumps.append(try append(.match))
              program[split] = .split(split + 1, program.count)
            } else {
              try emit(choice)
            }
          }
          for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let least, let most):
          for _ in 0..<least { try emit(inner) }
          if let most {
            // Each optional copy may be skipped to the end.
            var skips: [Int] = []
            for _ in least..<most {
              skips.append(try append(.match))
              try emit(inner)
            }
            for skip in skips { program[skip] = .split(skip + 1, program.count) }
          } else {
            // A loop: split(body, out), body, jump back.
            let split = try append(.match)
            try emit(inner)
            _ = try append(.jump(split))
            program[split] = .split(split + 1, program.count)
          }
        }
      }
    }
  }
#endif
