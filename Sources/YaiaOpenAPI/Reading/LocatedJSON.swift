#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  package import Yaia
  package import Yams

  /// A JSON value with the line it was read from: what a contract check validates, so that a
  /// problem in a fixture is reported at its file and line, and what an example from a spec is
  /// written back as.
  package struct LocatedJSON: Equatable, Sendable {
    package indirect enum Kind: Equatable, Sendable {
      case null
      case bool(Bool)
      case number(Double)
      case string(String)
      case array([LocatedJSON])
      /// Members in the order written.
      case object([Member])
    }

    /// One member of an object.
    package struct Member: Equatable, Sendable {
      package var name: String
      package var value: LocatedJSON
    }

    package var kind: Kind
    /// The line, from 1; 0 when unknown (a value read by `JSONSerialization`).
    package var line: Int

    package init(_ kind: Kind, line: Int = 0) {
      self.kind = kind
      self.line = line
    }

    /// A YAML or JSON node as a value: plain scalars are numbers, booleans and null as JSON reads
    /// them, quoted ones are text. Spends `budget` per value, so an alias bomb stops early.
    package init(_ node: Node, budget: inout InputBudget) throws(InputBudget.Exceeded) {
      let line = node.mark?.line ?? 0
      switch node {
      case .scalar(let scalar):
        try budget.spend(bytes: scalar.string.utf8.count)
        self.init(Self.scalar(scalar), line: line)
      case .mapping(let mapping):
        try budget.spend(bytes: 2)
        try budget.enter()
        defer { budget.leave() }
        var members: [Member] = []
        for (key, value) in mapping {
          try budget.spend(bytes: key.string?.utf8.count ?? 0)
          members.append(
            Member(name: key.string ?? "", value: try LocatedJSON(value, budget: &budget)))
        }
        self.init(.object(members), line: line)
      case .sequence(let sequence):
        try budget.spend(bytes: 2)
        try budget.enter()
        defer { budget.leave() }
        var items: [LocatedJSON] = []
        for item in sequence { items.append(try LocatedJSON(item, budget: &budget)) }
        self.init(.array(items), line: line)
      case .alias:
        try budget.spend(bytes: 4)
        self.init(.null, line: line)
      }
    }

    private static func scalar(_ scalar: Node.Scalar) -> Kind {
      let text = scalar.string
      guard scalar.style == .plain else { return .string(text) }
      switch text {
      case "null", "~", "": return .null
      case "true": return .bool(true)
      case "false": return .bool(false)
      default:
        if let number = Double(text), number.isFinite,
          text.first.map({ $0.isNumber || $0 == "-" }) == true
        {
          return .number(number)
        }
        return .string(text)
      }
    }

    /// A value as `JSONSerialization` reads it (no lines), within `budget`.
    package init(any value: Any, budget: inout InputBudget) throws(InputBudget.Exceeded) {
      switch value {
      case let text as String:
        try budget.spend(bytes: text.utf8.count)
        self.init(.string(text))
      case let number as NSNumber:
        try budget.spend(bytes: 8)
        self.init(JSONPath.isBool(number) ? .bool(number.boolValue) : .number(number.doubleValue))
      case let array as [Any]:
        try budget.enter()
        defer { budget.leave() }
        var items: [LocatedJSON] = []
        for item in array { items.append(try LocatedJSON(any: item, budget: &budget)) }
        self.init(.array(items))
      case let object as [String: Any]:
        try budget.enter()
        defer { budget.leave() }
        var members: [Member] = []
        for (name, item) in object.sorted(by: { $0.key < $1.key }) {
          try budget.spend(bytes: name.utf8.count)
          members.append(Member(name: name, value: try LocatedJSON(any: item, budget: &budget)))
        }
        self.init(.object(members))
      default:
        try budget.spend()
        self.init(.null)
      }
    }

    /// JSON text: compact, or indented by two spaces with `pretty`; members in their order.
    package func text(pretty: Bool = false) -> String {
      var out = ""
      write(into: &out, pretty: pretty, indent: 0)
      return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
      let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
      let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
      switch kind {
      case .null: out += "null"
      case .bool(let flag): out += flag ? "true" : "false"
      case .number(let number):
        // A whole number as its digits, as far as 64 bits hold one exactly: `int64`'s
        // bounds written as `-9.2e+18` would read back as a number with a fraction part.
        if number.rounded() == number, let whole = Int64(exactly: number) {
          out += String(whole)
        } else {
          out += "\(number)"
        }
      case .string(let text): out += "\"" + JSONText.escaped(text) + "\""
      case .array(let items):
        guard !items.isEmpty else {
          out += "[]"
          return
        }
        out += "["
        for (index, item) in items.enumerated() {
          out += (index > 0 ? "," : "") + newline
          item.write(into: &out, pretty: pretty, indent: indent + 1)
        }
        out += closing + "]"
      case .object(let members):
        guard !members.isEmpty else {
          out += "{}"
          return
        }
        out += "{"
        for (index, member) in members.enumerated() {
          out += (index > 0 ? "," : "") + newline
          out += "\"" + JSONText.escaped(member.name) + "\":" + (pretty ? " " : "")
          member.value.write(into: &out, pretty: pretty, indent: indent + 1)
        }
        out += closing + "}"
      }
    }

    /// The member `name` of an object.
    package subscript(name: String) -> LocatedJSON? {
      guard case .object(let members) = kind else { return nil }
      return members.first { $0.name == name }?.value
    }
  }
#endif
