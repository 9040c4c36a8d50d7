#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  package import Yaia
  package import YaiaHTTP
  package import Yams

  /// A description (YAML, or JSON read as YAML for its lines) as the shared JSON value: what a
  /// contract check validates, so that a problem in a fixture is reported at its file and line,
  /// and what an example from a spec is written back as.
  extension JSONValue {
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
        var members: [JSONMember] = []
        for (key, value) in mapping {
          try budget.spend(bytes: key.string?.utf8.count ?? 0)
          members.append(
            JSONMember(
              name: key.string ?? "", line: key.mark?.line ?? line,
              value: try JSONValue(value, budget: &budget)))
        }
        self.init(.object(members), line: line)
      case .sequence(let sequence):
        try budget.spend(bytes: 2)
        try budget.enter()
        defer { budget.leave() }
        var items: [JSONValue] = []
        for item in sequence { items.append(try JSONValue(item, budget: &budget)) }
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
          // As written when JSON writes it so; YAML's own spellings (`+1`, `1_000`, `.5`)
          // as the number they are.
          return .number(JSONNumber(parsing: text) ?? JSONNumber(number))
        }
        return .string(text)
      }
    }
  }
#endif
