import Foundation
package import YaiaHTTP

/// Why an app's batch could not be read: where in the document, and what was wrong there.
package struct InspectorWireError: Error, Equatable, CustomStringConvertible {
  /// Where (`messages[3].event.fields[0]`), empty for the whole document.
  package var path: String
  /// What was wrong.
  package var reason: String

  package var description: String { path.isEmpty ? reason : "at \(path): \(reason)" }
}

/// Where a value is in a batch, built as the reader descends and spelled out only for an
/// error (`messages[3].event.fields[0]`): spelling every place would cost more than reading.
package indirect enum WirePath: CustomStringConvertible {
  case root
  case key(WirePath, String)
  case index(WirePath, Int)

  package var description: String {
    switch self {
    case .root: ""
    case .key(let parent, let key):
      parent.description.isEmpty ? key : "\(parent.description).\(key)"
    case .index(let parent, let index): "\(parent.description)[\(index)]"
    }
  }
}

/// An object of a batch being read, with where it is for errors.
package struct WireObject {
  let members: [JSONMember]
  let path: WirePath

  init(_ value: JSONValue, at path: WirePath) throws(InspectorWireError) {
    guard case .object(let members) = value.kind else {
      throw InspectorWireError(path: path.description, reason: "expected an object")
    }
    self.members = members
    self.path = path
  }

  /// The object a whole document is: its bytes parsed by the wire's reader.
  init(document bytes: some Collection<UInt8>) throws(InspectorWireError) {
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      throw InspectorWireError(path: "", reason: error.description)
    }
    try self.init(value, at: .root)
  }

  private func fail(_ key: String, _ reason: String) -> InspectorWireError {
    InspectorWireError(path: WirePath.key(path, key).description, reason: reason)
  }

  /// The member named `key` (the last, if the name repeats).
  subscript(key: String) -> JSONValue? {
    // By index, from the end: iterating `reversed()` copied (retained) every member passed.
    var index = members.endIndex
    while index > members.startIndex {
      index -= 1
      if members[index].name == key { return members[index].value }
    }
    return nil
  }

  func has(_ key: String) -> Bool { self[key] != nil }

  func optionalString(_ key: String) throws(InspectorWireError) -> String? {
    switch self[key]?.kind {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw fail(key, "expected a string")
    }
  }

  /// A reason for refusing a jump: a string of at most ``InspectedStep/longestReason``
  /// characters, or nothing.
  func reason(_ key: String) throws(InspectorWireError) -> String? {
    guard let text = try optionalString(key) else { return nil }
    guard text.count <= InspectedStep.longestReason else {
      throw fail(key, "a reason of at most \(InspectedStep.longestReason) characters")
    }
    return text
  }

  func string(_ key: String) throws(InspectorWireError) -> String {
    guard let text = try optionalString(key) else { throw fail(key, "missing") }
    return text
  }

  func optionalDouble(_ key: String) throws(InspectorWireError) -> Double? {
    switch self[key]?.kind {
    case nil, .null?: return nil
    case .number(let number)?: return number.value
    default: throw fail(key, "expected a number")
    }
  }

  func double(_ key: String) throws(InspectorWireError) -> Double {
    guard let number = try optionalDouble(key) else { throw fail(key, "missing") }
    return number
  }

  func int(_ key: String, in range: ClosedRange<Int> = 0...Int(Int32.max))
    throws(InspectorWireError) -> Int
  {
    let number = try double(key)
    guard number.rounded() == number, number >= Double(range.lowerBound),
      number <= Double(range.upperBound)
    else {
      throw fail(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return Int(number)
  }

  func optionalInt(_ key: String, in range: ClosedRange<Int> = 0...Int(Int32.max))
    throws(InspectorWireError) -> Int?
  {
    switch self[key]?.kind {
    case nil, .null?: return nil
    default: return try int(key, in: range)
    }
  }

  func bool(_ key: String) throws(InspectorWireError) -> Bool {
    guard case .bool(let flag)? = self[key]?.kind else { throw fail(key, "expected true or false") }
    return flag
  }

  func object(_ key: String) throws(InspectorWireError) -> WireObject {
    guard let value = self[key] else { throw fail(key, "missing") }
    return try WireObject(value, at: .key(path, key))
  }

  /// The elements of the array `key`, each with its place.
  func array(_ key: String) throws(InspectorWireError) -> [(JSONValue, WirePath)] {
    guard case .array(let elements)? = self[key]?.kind else { throw fail(key, "expected an array") }
    let parent = WirePath.key(path, key)
    return elements.enumerated().map { ($1, .index(parent, $0)) }
  }

  func strings(_ key: String) throws(InspectorWireError) -> [String] {
    var result: [String] = []
    for (element, at) in try array(key) {
      guard case .string(let text) = element.kind else {
        throw InspectorWireError(path: at.description, reason: "expected a string")
      }
      result.append(text)
    }
    return result
  }
}

// MARK: Values

/// An inspected value as JSON: one object per value, keyed by its kind, so that the page reads
/// it without knowing Swift's types.
///
/// ```json
/// {"record": "ViewModel", "fields": [{"label": "user", "value": {"text": "ada"}}]}
/// {"enum": "Route", "case": "detail", "values": [{"label": "_0", "value": {"scalar": "3"}}]}
/// {"collection": "Array<Row>", "elements": [], "omitted": 0}
/// {"none": true}  {"redacted": true}  {"tooDeep": true}
/// ```
extension InspectedValue {
  /// Writes the value as one JSON object.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      switch self {
      case .text(let text):
        json.key("text")
        json.string(text)
      case .scalar(let scalar):
        json.key("scalar")
        json.string(scalar)
      case .record(let type, let fields):
        json.key("record")
        json.string(type)
        json.key("fields")
        Self.write(fields, to: &json)
      case .enumCase(let type, let name, let values):
        json.key("enum")
        json.string(type)
        json.key("case")
        json.string(name)
        json.key("values")
        Self.write(values, to: &json)
      case .collection(let type, let elements, let omitted):
        json.key("collection")
        json.string(type)
        json.key("elements")
        json.array { json in for element in elements { element.write(to: &json) } }
        json.key("omitted")
        json.int(omitted)
      case .none:
        json.key("none")
        json.bool(true)
      case .redacted:
        json.key("redacted")
        json.bool(true)
      case .tooDeep:
        json.key("tooDeep")
        json.bool(true)
      }
    }
  }

  private static func write(_ fields: [Field], to json: inout JSONWriter) {
    json.array { json in
      for field in fields {
        json.object { json in
          json.key("label")
          json.string(field.label)
          json.key("value")
          field.value.write(to: &json)
        }
      }
    }
  }

  package init(wire value: JSONValue, at path: WirePath) throws(InspectorWireError) {
    let object = try WireObject(value, at: path)
    if let text = try object.optionalString("text") {
      self = .text(text)
    } else if let scalar = try object.optionalString("scalar") {
      self = .scalar(scalar)
    } else if let type = try object.optionalString("record") {
      self = .record(type: type, fields: try Self.fields(object, "fields"))
    } else if let type = try object.optionalString("enum") {
      self = .enumCase(
        type: type, name: try object.string("case"), values: try Self.fields(object, "values"))
    } else if let type = try object.optionalString("collection") {
      var elements: [InspectedValue] = []
      for (element, at) in try object.array("elements") {
        elements.append(try InspectedValue(wire: element, at: at))
      }
      self = .collection(
        type: type, elements: elements,
        omitted: object.has("omitted") ? try object.int("omitted") : 0)
    } else if object.has("none") {
      self = .none
    } else if object.has("redacted") {
      self = .redacted
    } else if object.has("tooDeep") {
      self = .tooDeep
    } else {
      throw InspectorWireError(
        path: path.description,
        reason:
          "not an inspected value: expected one of text, scalar, record, enum, collection, none, redacted, tooDeep"
      )
    }
  }

  private static func fields(_ object: WireObject, _ key: String) throws(InspectorWireError)
    -> [Field]
  {
    var fields: [Field] = []
    for (element, at) in try object.array(key) {
      let field = try WireObject(element, at: at)
      fields.append(
        Field(
          try field.string("label"),
          try InspectedValue(wire: try field.object("value").value, at: .key(at, "value"))))
    }
    return fields
  }
}

extension WireObject {
  /// The object as a value again (to read it as another type).
  var value: JSONValue { .object(members) }
}

// MARK: Messages

extension InspectorMessage {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("kind")
      json.string(kind)
      switch self {
      case .shell(let shell):
        json.key("shell")
        json.int(shell.shell)
        json.key("name")
        json.string(shell.name)
        json.key("viewModel")
        shell.viewModel.write(to: &json)
        if let history = shell.history {
          json.key("history")
          json.int(history)
        }
        json.member("cannotJump", shell.cannotJump)
        if shell.acceptsEvents {
          json.key("acceptsEvents")
          json.bool(true)
        }
      case .step(let step):
        step.writeMembers(to: &json)
      case .dropped(let count):
        json.key("count")
        json.int(count)
      case .launch(let launch):
        json.key("launch")
        json.int(launch.launch)
        json.key("steps")
        json.array { json in for step in launch.steps { step.write(to: &json) } }
        json.key("waves")
        json.array { json in for wave in launch.waves { json.strings(wave) } }
        json.key("criticalPath")
        json.array { json in for id in launch.criticalPath { json.string(id) } }
        json.key("budget")
        json.double(launch.budget)
        if let startedAt = launch.startedAt {
          json.key("startedAt")
          json.double(startedAt)
        }
      case .launchEvent(let event):
        json.key("launch")
        json.int(event.launch)
        json.key("step")
        json.string(event.step)
        json.key("what")
        json.string(event.what.rawValue)
        json.member("outcome", event.outcome)
        json.key("detail")
        json.string(event.detail)
        json.key("time")
        json.double(event.time)
      case .launchReport(let report):
        json.key("launch")
        json.int(report.launch)
        json.key("outcome")
        json.string(report.outcome)
        json.key("records")
        json.array { json in
          for record in report.spans {
            json.object { json in
              json.key("step")
              json.string(record.step)
              json.key("outcome")
              json.string(record.outcome)
              json.key("detail")
              json.string(record.detail)
              if let start = record.start {
                json.key("start")
                json.double(start)
              }
              if let end = record.end {
                json.key("end")
                json.double(end)
              }
            }
          }
        }
        json.key("criticalPath")
        json.array { json in for id in report.criticalPath { json.string(id) } }
        json.key("launchTime")
        json.double(report.launchTime)
        json.key("budget")
        json.double(report.budget)
      case .request(let request):
        json.key("method")
        json.string(request.method)
        json.key("path")
        json.string(request.path)
        json.member("scenario", request.scenario)
        json.member("route", request.route)
        json.key("status")
        json.int(request.status.code)
        if let latency = request.latency {
          json.key("latency")
          json.double(latency)
        }
        json.key("time")
        json.double(request.time)
      case .eventRefused(let shell, let reason):
        json.key("shell")
        json.int(shell)
        json.key("reason")
        json.string(reason)
      case .recomputed(let outcome):
        json.key("shell")
        json.int(outcome.shell)
        json.key("skipped")
        json.int(outcome.skipped)
        json.key("applied")
        json.bool(outcome.applied)
        json.key("recomputed")
        json.int(outcome.recomputed)
        json.member("refusal", outcome.refusal)
        json.key("steps")
        json.array { json in for step in outcome.steps { step.write(to: &json) } }
      }
    }
  }

  package init(wire value: JSONValue, at path: WirePath) throws(InspectorWireError) {
    let object = try WireObject(value, at: path)
    let kind = try object.string("kind")
    switch kind {
    case "shell":
      self = .shell(
        InspectedShell(
          shell: try object.int("shell", in: 1...Int(Int32.max)), name: try object.string("name"),
          viewModel: try InspectedValue(
            wire: try object.object("viewModel").value, at: .key(path, "viewModel")),
          history: try object.optionalInt("history", in: 1...InspectorTimeTravel.mostStates),
          cannotJump: try object.reason("cannotJump"),
          acceptsEvents: object.has("acceptsEvents") ? try object.bool("acceptsEvents") : false))
    case "step":
      self = .step(try InspectedStep(wire: object))
    case "dropped":
      self = .dropped(count: try object.int("count"))
    case "launch":
      var steps: [InspectedLaunch.Step] = []
      for (element, at) in try object.array("steps") {
        let step = try WireObject(element, at: at)
        steps.append(
          InspectedLaunch.Step(
            id: try step.string("id"), dependencies: try step.strings("dependencies"),
            isOptional: try step.bool("isOptional"),
            needsUserInput: try step.bool("needsUserInput"),
            timeout: try step.optionalDouble("timeout")))
      }
      var waves: [[String]] = []
      for (element, at) in try object.array("waves") {
        guard case .array(let ids) = element.kind else {
          throw InspectorWireError(path: at.description, reason: "expected an array")
        }
        var wave: [String] = []
        for id in ids {
          guard case .string(let text) = id.kind else {
            throw InspectorWireError(path: at.description, reason: "expected strings")
          }
          wave.append(text)
        }
        waves.append(wave)
      }
      let startedAt = try object.optionalDouble("startedAt")
      if let startedAt, !(0...InspectedLaunch.latestStart).contains(startedAt) {
        throw InspectorWireError(
          path: WirePath.key(path, "startedAt").description,
          reason: "expected seconds since 1970, from 0 to \(InspectedLaunch.latestStart)")
      }
      self = .launch(
        InspectedLaunch(
          launch: try object.int("launch", in: 1...Int(Int32.max)), steps: steps, waves: waves,
          criticalPath: try object.strings("criticalPath"), budget: try object.double("budget"),
          startedAt: startedAt))
    case "launchEvent":
      guard let what = InspectedLaunchEvent.Kind(rawValue: try object.string("what")) else {
        throw InspectorWireError(
          path: WirePath.key(path, "what").description, reason: "expected started, waiting or ended"
        )
      }
      self = .launchEvent(
        InspectedLaunchEvent(
          launch: try object.int("launch", in: 1...Int(Int32.max)), step: try object.string("step"),
          what: what, outcome: try object.optionalString("outcome"),
          detail: try object.string("detail"), time: try object.double("time")))
    case "launchReport":
      var spans: [InspectedLaunchReport.StepSpan] = []
      for (element, at) in try object.array("records") {
        let record = try WireObject(element, at: at)
        spans.append(
          InspectedLaunchReport.StepSpan(
            step: try record.string("step"), outcome: try record.string("outcome"),
            detail: try record.string("detail"), start: try record.optionalDouble("start"),
            end: try record.optionalDouble("end")))
      }
      self = .launchReport(
        InspectedLaunchReport(
          launch: try object.int("launch", in: 1...Int(Int32.max)),
          outcome: try object.string("outcome"),
          spans: spans, criticalPath: try object.strings("criticalPath"),
          launchTime: try object.double("launchTime"), budget: try object.double("budget")))
    case "request":
      self = .request(
        InspectedRequest(
          method: try object.string("method"), path: try object.string("path"),
          scenario: try object.optionalString("scenario"),
          route: try object.optionalString("route"),
          status: HTTPStatus(try object.int("status", in: 100...999)),
          latency: try object.optionalDouble("latency"),
          time: try object.double("time")))
    case "eventRefused":
      guard let reason = try object.reason("reason") else {
        throw InspectorWireError(path: WirePath.key(path, "reason").description, reason: "missing")
      }
      self = .eventRefused(shell: try object.int("shell", in: 1...Int(Int32.max)), reason: reason)
    case "recomputed":
      let elements = try object.array("steps")
      guard elements.count <= InspectedRecompute.mostSteps else {
        throw InspectorWireError(
          path: WirePath.key(path, "steps").description,
          reason: "at most \(InspectedRecompute.mostSteps) steps")
      }
      var steps: [InspectedRecompute.Step] = []
      for (element, at) in elements {
        let step = try WireObject(element, at: at)
        var changes: [InspectedChange] = []
        for (change, where_) in try step.array("changes") {
          changes.append(try InspectedChange(wire: change, at: where_))
        }
        steps.append(
          InspectedRecompute.Step(
            index: try step.int("index", in: 1...Int(Int32.max)), changes: changes))
      }
      self = .recomputed(
        InspectedRecompute(
          shell: try object.int("shell", in: 1...Int(Int32.max)),
          skipped: try object.int("skipped", in: 1...Int(Int32.max)),
          applied: try object.bool("applied"),
          recomputed: try object.int("recomputed"), steps: steps,
          refusal: try object.reason("refusal")))
    default:
      throw InspectorWireError(
        path: WirePath.key(path, "kind").description,
        reason: "unknown message kind \"\(String(kind.prefix(40)))\"")
    }
  }
}

extension InspectedStep {
  /// Writes the step's members into the object being written: a message adds its `kind`, a
  /// journal writes them alone.
  package func writeMembers(to json: inout JSONWriter) {
    json.key("shell")
    json.int(shell)
    json.key("index")
    json.int(index)
    json.key("time")
    json.double(time)
    json.key("event")
    event.write(to: &json)
    json.member("eventJSON", eventJSON)
    json.key("commands")
    json.array { json in for command in commands { command.write(to: &json) } }
    json.key("changed")
    json.bool(changed)
    if let viewModel {
      json.key("viewModel")
      viewModel.write(to: &json)
    }
    if let viewModelChanges {
      json.key("viewModelChanges")
      json.array { json in for change in viewModelChanges { change.write(to: &json) } }
    }
    if let jumpedTo {
      json.key("jumpedTo")
      json.int(jumpedTo)
    }
    json.member("cannotJump", cannotJump)
  }

  /// Reads a step from its members (a message's, or a journal's step).
  package init(wire object: WireObject) throws(InspectorWireError) {
    let path = object.path
    var commands: [InspectedValue] = []
    for (element, at) in try object.array("commands") {
      commands.append(try InspectedValue(wire: element, at: at))
    }
    self.init(
      shell: try object.int("shell", in: 1...Int(Int32.max)),
      index: try object.int("index", in: 1...Int.max >> 11), time: try object.double("time"),
      event: try InspectedValue(wire: try object.object("event").value, at: .key(path, "event")),
      eventJSON: try object.optionalString("eventJSON"), commands: commands,
      changed: try object.bool("changed"),
      viewModel: object.has("viewModel")
        ? try InspectedValue(
          wire: try object.object("viewModel").value, at: .key(path, "viewModel"))
        : nil,
      viewModelChanges: object.has("viewModelChanges")
        ? try object.array("viewModelChanges").map { element, at throws(InspectorWireError) in
          try InspectedChange(wire: element, at: at)
        } : nil,
      jumpedTo: try object.optionalInt("jumpedTo", in: 0...Int.max >> 11),
      cannotJump: try object.reason("cannotJump"))
  }
}

extension InspectedLaunch.Step {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("id")
      json.string(id)
      json.key("dependencies")
      json.strings(dependencies)
      json.key("isOptional")
      json.bool(isOptional)
      json.key("needsUserInput")
      json.bool(needsUserInput)
      if let timeout {
        json.key("timeout")
        json.double(timeout)
      }
    }
  }
}

// MARK: Changes

extension InspectedChange {
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("path")
      json.string(path)
      json.key("keys")
      json.array { json in
        for key in keys {
          switch key {
          case .field(let label): json.string(label)
          case .index(let index): json.int(index)
          }
        }
      }
      if let before {
        json.key("before")
        before.write(to: &json)
      }
      if let after {
        json.key("after")
        after.write(to: &json)
      }
    }
  }

  package init(wire value: JSONValue, at path: WirePath) throws(InspectorWireError) {
    let object = try WireObject(value, at: path)
    var keys: [Key] = []
    for (element, at) in try object.array("keys") {
      switch element.kind {
      case .string(let label): keys.append(.field(label))
      case .number(let number)
      where number.value >= 0 && number.value.rounded() == number.value && number.value < 1e9:
        keys.append(.index(Int(number.value)))
      default:
        throw InspectorWireError(path: at.description, reason: "expected a label or an index")
      }
    }
    self.init(
      keys: keys,
      before: object.has("before")
        ? try InspectedValue(wire: try object.object("before").value, at: .key(path, "before"))
        : nil,
      after: object.has("after")
        ? try InspectedValue(wire: try object.object("after").value, at: .key(path, "after"))
        : nil)
  }
}

extension InspectedRecompute.Step {
  /// `{"index": N, "changes": […]}`.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.key("index")
      json.int(index)
      json.key("changes")
      json.array { json in for change in changes { change.write(to: &json) } }
    }
  }
}

// MARK: Batches

extension InspectorBatch {
  /// The batch as the app sends it.
  package func wireBytes() -> [UInt8] {
    var json = JSONWriter(capacity: 256 + messages.count * 512)
    json.object { json in
      json.key("version")
      json.int(version)
      json.key("app")
      json.string(app)
      json.key("session")
      json.string(session)
      json.key("sequence")
      json.int(sequence)
      json.key("messages")
      json.array { json in for message in messages { message.write(to: &json) } }
      json.key("ended")
      json.bool(ended)
      if isCheckpoint {
        json.key("checkpoint")
        json.bool(true)
      }
    }
    return json.bytes
  }

  /// Reads a batch an app sent.
  ///
  /// - Throws: ``InspectorWireError`` naming where the document is wrong.
  package init(wire bytes: some Collection<UInt8>) throws(InspectorWireError) {
    let object = try WireObject(document: bytes)
    let version = try object.int("version")
    var messages: [InspectorMessage] = []
    if version == Self.currentVersion {
      for (element, at) in try object.array("messages") {
        messages.append(try InspectorMessage(wire: element, at: at))
      }
    }
    self.init(
      app: try object.string("app"), session: try object.string("session"),
      sequence: try object.int("sequence", in: 0...Int.max >> 11), messages: messages,
      ended: try object.bool("ended"))
    self.version = version
    self.isCheckpoint = object.has("checkpoint") ? try object.bool("checkpoint") : false
  }
}
