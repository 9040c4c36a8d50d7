#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// A route of the mock server: which requests it answers and how, with named scenarios.
  ///
  /// ```swift
  /// MockRoute(.get, "/latest", query: ["base": "USD"], responses: .single(.json(rates)),
  ///           scenarios: ["server-error": .single(.json(#"{"error":"down"}"#, status: 500)),
  ///                       "flaky": .sequence([.json("{}", status: 503), .json("{}", status: 503), .json(rates)])])
  /// ```
  public struct MockRoute: Hashable, Sendable {
    /// A name for the journal and for messages; `METHOD pattern` unless given.
    public var name: String
    /// The method to match; `nil` for any.
    public var method: HTTPMethod?
    /// The path pattern.
    public var pattern: PathTemplate
    /// Query items that must be present with these values.
    public var query: [String: String]
    /// When set, the request's query holds nothing beyond ``query`` but items with these
    /// names, each present with any value, and the scenario item: a recorded `GET /items` answers only a request
    /// with no query, so `?page=9` is not answered with page 1. `nil` (the default) takes any
    /// other items.
    public var exactQuery: Set<String>?
    /// Headers that must be present with these values (names compared without case).
    public var headers: HTTPHeaders
    /// Fields of a JSON body that must have these values, by key path (`user.name`, `items.0.id`).
    public var bodyFields: [String: String]
    /// The credential a request must carry, by ``Credential``: none, any, or the one recorded;
    /// `nil` (the default) takes a request whatever credential it carries.
    public var credential: Credential?
    /// The responses when no scenario applies.
    public var responses: MockResponses
    /// Alternative responses by scenario name.
    public var scenarios: [String: MockResponses]
    /// A state this route requires: it matches only while `machine` is in `state`.
    public var requiredState: (machine: String, state: String)? {
      get { requiredStateValue.map { ($0.machine, $0.state) } }
      set { requiredStateValue = newValue.map { StateRef(machine: $0.machine, state: $0.state) } }
    }
    /// A state this route moves its machine to when it answers.
    public var nextState: (machine: String, state: String)? {
      get { nextStateValue.map { ($0.machine, $0.state) } }
      set { nextStateValue = newValue.map { StateRef(machine: $0.machine, state: $0.state) } }
    }

    struct StateRef: Hashable, Sendable {
      let machine: String
      let state: String
    }

    var requiredStateValue: StateRef?
    var nextStateValue: StateRef?

    /// Creates a route.
    public init(
      _ method: HTTPMethod?, _ pattern: String, name: String? = nil, query: [String: String] = [:],
      headers: HTTPHeaders = [:], bodyFields: [String: String] = [:],
      responses: MockResponses, scenarios: [String: MockResponses] = [:]
    ) throws(MockServerError) {
      self.method = method
      self.pattern = try PathTemplate.route(pattern)
      self.name = name ?? "\(method?.rawValue ?? "ANY") \(pattern)"
      self.query = query
      self.headers = headers
      self.bodyFields = bodyFields
      self.responses = responses
      self.scenarios = scenarios
    }
  }
#endif
