#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP

  /// Blanks the values at secret paths of a JSON value and writes it indented: the recording's
  /// and the admin listing's rewrite of a body, on the one tree ``JSONReader`` reads. A body
  /// the reader refuses as past its limits is never treated as text by its callers: it is not
  /// written, or not shown.
  ///
  /// Numbers are written as the backend sent them and members keep their order (a rewrite
  /// through `JSONSerialization` would round `0.1`, reorder keys and turn a 64-bit id into a
  /// double); strings are written with JSON's own escapes, so `"\u00e9"` comes back as `"é"`,
  /// the same text to every reader.
  ///
  /// A secret value keeps its type, so that the app still decodes the recorded answer: a
  /// string reads `"REDACTED"`, a number `0`, and a container keeps its shape with every
  /// scalar inside blanked the same way. Under a name the ``SecretNames`` rule matches, a
  /// number of fewer than four digits is kept (`"code": 404` is a status, not a secret);
  /// under a path the recording names as secret, every number is blanked.
  struct JSONRedaction {
    /// The paths whose values are replaced (see ``RecordingPolicy/secretPaths``).
    let secrets: [SecretPath]
    /// What a secret string becomes.
    static let redacted = "REDACTED"
    /// What a secret number becomes.
    static let redactedNumber: JSONNumber = 0

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

    /// Why a value is secret: by the names rule, or by a path the recording names.
    private enum Secrecy {
      case none, byName, byPath
    }

    /// What a rewrite found: the text, and how many values were redacted.
    struct Result: Equatable {
      var text: String
      var redactions: Int
    }

    /// `value` indented by two spaces, with every secret value blanked by type: the values at
    /// ``secrets`` and under any key ``SecretNames`` holds secret. Each other string value, each
    /// key and each number goes through `strings` (which returns it changed, and how many
    /// secrets it took out): a string or key is written anew when it changed, a number that
    /// held a secret reads `0`.
    func rewrite(_ value: JSONValue, strings: ((String) -> (String, Int))? = nil) -> Result {
      var redactions = 0
      var path: [String] = []
      let cleaned = redacted(value, .none, path: &path, strings, &redactions)
      return Result(text: cleaned.text(pretty: true), redactions: redactions)
    }

    /// Why the value at `path`, under the key `key` of an object (if it is a member), is secret.
    private func secrecy(at path: [String], key: String?) -> Secrecy {
      if !secrets.isEmpty, secrets.contains(where: { $0.matches(path) }) { return .byPath }
      if let key, SecretNames.isSecret(key) { return .byName }
      return .none
    }

    /// `value` with its secrets taken out; `inherited` is why its container was secret. The
    /// reader bounds the depth, so the recursion is bounded too.
    private func redacted(
      _ value: JSONValue, _ inherited: Secrecy, path: inout [String],
      _ strings: ((String) -> (String, Int))?, _ redactions: inout Int
    ) -> JSONValue {
      switch value.kind {
      case .object(let members):
        var written: [JSONMember] = []
        written.reserveCapacity(members.count)
        for member in members {
          path.append(member.name)
          defer { path.removeLast() }
          let why = inherited != .none ? inherited : secrecy(at: path, key: member.name)
          var name = member.name
          // A key can be a credential too (`{"tok-8f2a…": {…}}`): written anew when `strings`
          // takes something out of it.
          if let strings, case (let changed, let count) = strings(name), count > 0 {
            name = changed
            redactions += count
          }
          written.append(
            JSONMember(
              name: name, line: member.line,
              value: redacted(member.value, why, path: &path, strings, &redactions)))
        }
        return JSONValue(.object(written), line: value.line)
      case .array(let items):
        var written: [JSONValue] = []
        written.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
          path.append(String(index))
          defer { path.removeLast() }
          let why = inherited != .none ? inherited : secrecy(at: path, key: nil)
          written.append(redacted(item, why, path: &path, strings, &redactions))
        }
        return JSONValue(.array(written), line: value.line)
      case .string(let text):
        if inherited != .none {
          redactions += 1
          return JSONValue(.string(Self.redacted), line: value.line)
        }
        if let strings, case (let changed, let count) = strings(text), count > 0 {
          redactions += count
          return JSONValue(.string(changed), line: value.line)
        }
        return value
      case .number(let number):
        let digits = number.text.utf8.count { (0x30...0x39).contains($0) }
        if inherited == .byPath || (inherited == .byName && digits >= 4) {
          redactions += 1
          return JSONValue(.number(Self.redactedNumber), line: value.line)
        }
        // A number that is a credential the app sent (a PIN echoed back): blanked by type.
        if inherited == .none, let strings, strings(number.text).1 > 0 {
          redactions += 1
          return JSONValue(.number(Self.redactedNumber), line: value.line)
        }
        return value
      case .bool, .null:
        return value
      }
    }
  }
#endif
