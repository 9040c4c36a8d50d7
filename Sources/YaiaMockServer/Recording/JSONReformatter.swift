#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Re-indents JSON text and blanks the values at secret paths, token by token: numbers, escapes
  /// and the order of members are written back exactly as the backend sent them (a parse and
  /// re-encode would round `0.1`, reorder keys and turn a 64-bit id into a double).
  ///
  /// It walks the text once, without recursion, so nesting costs a stack of small frames rather
  /// than the thread's stack. It assumes valid JSON: ``Recording`` checks that first and keeps
  /// any other body as it came.
  struct JSONReformatter {
    /// The paths whose values are replaced (see ``RecordingPolicy/secretPaths``).
    let secrets: [SecretPath]
    /// What a secret value becomes.
    static let redacted = "\"REDACTED\""

    /// One redaction path: dotted steps, `*` for any one step, a leading `**` for any depth.
    struct SecretPath: Hashable, Sendable {
      let steps: [String]
      let anyDepth: Bool

      init(_ text: String) {
        var steps = text.lowercased().split(separator: ".", omittingEmptySubsequences: true)
          .map(String.init)
        if steps.first == "$" { steps.removeFirst() }
        anyDepth = steps.first == "**"
        if anyDepth { steps.removeFirst() }
        self.steps = steps
      }

      /// Whether the value at `path` (keys, and indexes as numbers) is secret. Keys are compared
      /// without case: `Password` and `AccessToken` are as secret as `password`, `accessToken`.
      func matches(_ path: [String]) -> Bool {
        guard !steps.isEmpty else { return false }
        let path = path.map { $0.lowercased() }
        if anyDepth {
          guard path.count >= steps.count else { return false }
          return zip(path.suffix(steps.count), steps).allSatisfy { $1 == "*" || $0 == $1 }
        }
        return path.count == steps.count && zip(path, steps).allSatisfy { $1 == "*" || $0 == $1 }
      }
    }

    /// A container being written: whether it is an object, how many members or items it has
    /// had, and where the value being written sits in it (its key, or its index).
    private struct Frame {
      let isObject: Bool
      var count = 0
      var place = ""
      /// In an object: whether the key was read and its value comes next.
      var afterColon = false
    }

    /// One lexical piece of JSON text: punctuation, or a string or scalar as written.
    private enum Token {
      case open(UInt8)
      case close(UInt8)
      case colon, comma
      case scalar(Range<Int>)
    }

    /// What reformatting found: the text, and how many values were redacted.
    struct Result: Equatable {
      var text: String
      var redactions: Int
    }

    /// `json` indented by two spaces, with every secret value replaced by `"REDACTED"`: the
    /// values at ``secrets`` and under any key ``SecretNames`` holds secret. Each other string
    /// value goes through `strings` (which returns it changed, and how many secrets it took
    /// out), and is written anew when it changed.
    func reformat(_ json: String, strings: ((String) -> (String, Int))? = nil) -> Result {
      let bytes = Array(json.utf8)
      let tokens = Self.tokens(bytes)
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + bytes.count / 4)
      var stack: [Frame] = []
      var redactions = 0
      var index = 0

      func newline() {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: 2 * stack.count))
      }
      func isSecret() -> Bool {
        guard let last = stack.last else { return false }
        if last.isObject, SecretNames.isSecret(last.place) { return true }
        guard !secrets.isEmpty else { return false }
        let path = stack.map(\.place)
        return secrets.contains { $0.matches(path) }
      }
      /// The index just past the value that starts at `start` (a scalar or a whole container).
      func skipValue(from start: Int) -> Int {
        var depth = 0
        var position = start
        repeat {
          guard position < tokens.count else { return position }
          switch tokens[position] {
          case .open: depth += 1
          case .close: depth -= 1
          default: break
          }
          position += 1
        } while depth > 0
        return position
      }
      func redact() {
        out.append(contentsOf: Self.redacted.utf8)
        redactions += 1
      }

      while index < tokens.count {
        let token = tokens[index]
        // Where this token stands: a key, or a value (of a member, an item, or the document).
        if case .scalar(let range) = token, let last = stack.indices.last, stack[last].isObject,
          !stack[last].afterColon
        {
          if stack[last].count > 0 { out.append(0x2C) }
          stack[last].count += 1
          stack[last].place = Self.keyText(bytes[range])
          newline()
          out.append(contentsOf: bytes[range])
          index += 1
          continue
        }
        switch token {
        case .comma:
          index += 1
          continue
        case .colon:
          out.append(contentsOf: [0x3A, 0x20])
          if let last = stack.indices.last { stack[last].afterColon = true }
          index += 1
          if isSecret() {
            index = skipValue(from: index)
            redact()
            if let last = stack.indices.last { stack[last].afterColon = false }
          }
          continue
        case .close(let byte):
          let frame = stack.popLast()
          if (frame?.count ?? 0) > 0 { newline() }
          out.append(byte)
          index += 1
          if let last = stack.indices.last, stack[last].isObject { stack[last].afterColon = false }
          continue
        case .open, .scalar:
          break
        }
        // A value. An item of an array gets its separator, its line and its index first.
        if let last = stack.indices.last, !stack[last].isObject {
          if stack[last].count > 0 { out.append(0x2C) }
          stack[last].place = String(stack[last].count)
          stack[last].count += 1
          newline()
          if isSecret() {
            index = skipValue(from: index)
            redact()
            continue
          }
        }
        switch token {
        case .open(let byte):
          out.append(byte)
          stack.append(Frame(isObject: byte == 0x7B))
        case .scalar(let range):
          if let strings, bytes[range].first == 0x22,
            let text = Self.stringValue(bytes[range]),
            case (let changed, let count) = strings(text), count > 0,
            let encoded = try? JSONSerialization.data(
              withJSONObject: changed, options: [.fragmentsAllowed, .withoutEscapingSlashes])
          {
            out.append(contentsOf: encoded)
            redactions += count
          } else {
            out.append(contentsOf: bytes[range])
          }
          if let last = stack.indices.last, stack[last].isObject { stack[last].afterColon = false }
        default:
          break
        }
        index += 1
      }
      return Result(text: String(decoding: out, as: UTF8.self), redactions: redactions)
    }

    /// The tokens of `bytes`, white space dropped.
    private static func tokens(_ bytes: [UInt8]) -> [Token] {
      var tokens: [Token] = []
      var position = 0
      while position < bytes.count {
        let byte = bytes[position]
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09:
          position += 1
        case 0x7B, 0x5B:
          tokens.append(.open(byte))
          position += 1
        case 0x7D, 0x5D:
          tokens.append(.close(byte))
          position += 1
        case 0x3A:
          tokens.append(.colon)
          position += 1
        case 0x2C:
          tokens.append(.comma)
          position += 1
        case 0x22:
          var end = position + 1
          while end < bytes.count, bytes[end] != 0x22 {
            end += bytes[end] == 0x5C ? 2 : 1
          }
          end = min(end + 1, bytes.count)
          tokens.append(.scalar(position..<end))
          position = end
        default:
          var end = position + 1
          while end < bytes.count,
            ![0x20, 0x0A, 0x0D, 0x09, 0x7B, 0x5B, 0x7D, 0x5D, 0x3A, 0x2C, 0x22].contains(bytes[end])
          {
            end += 1
          }
          tokens.append(.scalar(position..<end))
          position = end
        }
      }
      return tokens
    }

    /// A string token's text as JSON reads it, or `nil` if it does not read.
    private static func stringValue(_ token: ArraySlice<UInt8>) -> String? {
      guard token.count >= 2, token.first == 0x22, token.last == 0x22 else { return nil }
      guard token.contains(0x5C) else {
        return String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
      }
      return (try? JSONSerialization.jsonObject(with: Data(token), options: [.fragmentsAllowed]))
        as? String
    }

    /// A key's text as JSON reads it: without its quotes, escapes decoded (`"pass\u0077ord"` is
    /// `password`).
    private static func keyText(_ token: ArraySlice<UInt8>) -> String {
      guard token.count >= 2, token.first == 0x22, token.last == 0x22 else {
        return String(decoding: token, as: UTF8.self)
      }
      guard token.contains(0x5C) else {
        return String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
      }
      let decoded = try? JSONSerialization.jsonObject(
        with: Data(token), options: [.fragmentsAllowed])
      return decoded as? String ?? String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
    }
  }
#endif
