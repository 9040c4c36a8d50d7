#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Re-indents JSON text and blanks the values at secret paths, token by token: numbers, escapes
  /// and the order of members are written back exactly as the backend sent them (a parse and
  /// re-encode would round `0.1`, reorder keys and turn a 64-bit id into a double).
  ///
  /// A secret value keeps its type, so that the app still decodes the recorded answer: a
  /// string reads `"REDACTED"`, a number `0`, and a container keeps its shape with every
  /// scalar inside blanked the same way. Under a name the ``SecretNames`` rule matches, a
  /// number of fewer than four digits is kept (`"code": 404` is a status, not a secret);
  /// under a path the recording names as secret, every number is blanked.
  ///
  /// It walks the text once, without recursion, so nesting costs a stack of small frames rather
  /// than the thread's stack. It assumes valid JSON: ``Recording`` checks that first and keeps
  /// any other body as it came.
  struct JSONReformatter {
    /// The paths whose values are replaced (see ``RecordingPolicy/secretPaths``).
    let secrets: [SecretPath]
    /// What a secret string becomes.
    static let redacted = "\"REDACTED\""
    /// What a secret number becomes.
    static let redactedNumber = "0"

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
      /// Why every value inside is secret, when it is: the container itself was.
      var secrecy = Secrecy.none
      var count = 0
      var place = ""
      /// In an object: whether the key was read and its value comes next.
      var afterColon = false
    }

    /// Why a value is secret: by the names rule, or by a path the recording names.
    private enum Secrecy {
      case none, byName, byPath
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

    /// `json` indented by two spaces, with every secret value blanked by type: the values at
    /// ``secrets`` and under any key ``SecretNames`` holds secret. Each other string value, each
    /// key and each number goes through `strings` (which returns it changed, and how many
    /// secrets it took out): a string or key is written anew when it changed, a number that
    /// held a secret reads `0`.
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
      /// Why the value about to be written is secret, if it is.
      func secrecy() -> Secrecy {
        guard let last = stack.last else { return .none }
        if last.secrecy != .none { return last.secrecy }
        if !secrets.isEmpty {
          let path = stack.map(\.place)
          if secrets.contains(where: { $0.matches(path) }) { return .byPath }
        }
        if last.isObject, SecretNames.isSecret(last.place) { return .byName }
        return .none
      }
      /// Writes the scalar at `range` blanked by type: a string `"REDACTED"`, a number `0` (by
      /// name, only from four digits on), `true`, `false` and `null` as they are.
      func redactScalar(_ range: Range<Int>, _ why: Secrecy) {
        let token = bytes[range]
        if token.first == 0x22 {
          out.append(contentsOf: Self.redacted.utf8)
          redactions += 1
        } else if let first = token.first, first == 0x2D || (0x30...0x39).contains(first),
          why == .byPath || token.count(where: { (0x30...0x39).contains($0) }) >= 4
        {
          out.append(contentsOf: Self.redactedNumber.utf8)
          redactions += 1
        } else {
          out.append(contentsOf: token)
        }
      }

      while index < tokens.count {
        let token = tokens[index]
        // Where this token stands: a key, or a value (of a member, an item, or the document).
        if case .scalar(let range) = token, let last = stack.indices.last, stack[last].isObject,
          !stack[last].afterColon
        {
          if stack[last].count > 0 { out.append(0x2C) }
          stack[last].count += 1
          let key = Self.keyText(bytes[range])
          stack[last].place = key
          newline()
          // A key can be a credential too (`{"tok-8f2a…": {…}}`): written anew when `strings`
          // takes something out of it.
          if let strings, case (let changed, let count) = strings(key), count > 0 {
            out.append(contentsOf: Self.encoded(changed))
            redactions += count
          } else {
            out.append(contentsOf: bytes[range])
          }
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
        }
        let why = secrecy()
        switch token {
        case .open(let byte):
          out.append(byte)
          stack.append(Frame(isObject: byte == 0x7B, secrecy: why))
        case .scalar(let range):
          if why != .none {
            redactScalar(range, why)
          } else if let strings, bytes[range].first == 0x22 {
            if let text = Self.stringValue(bytes[range]),
              case (let changed, let count) = strings(text), count > 0
            {
              out.append(contentsOf: Self.encoded(changed))
              redactions += count
            } else {
              out.append(contentsOf: bytes[range])
            }
          } else if let strings, strings(String(decoding: bytes[range], as: UTF8.self)).1 > 0 {
            // A number that is a credential the app sent (a PIN echoed back): blanked by type.
            out.append(contentsOf: Self.redactedNumber.utf8)
            redactions += 1
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

    /// `text` as a JSON string literal, slashes as they are.
    private static func encoded(_ text: String) -> Data {
      (try? JSONSerialization.data(
        withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]))
        ?? Data(redacted.utf8)
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
