#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia
  import YaiaHTTP

  /// What a recording of a backend has seen, as a value: routes grouped by path, and one fixture
  /// file per distinct response body. ``MockRecorder`` writes it to a folder; this type decides
  /// what to write, so it is tested with plain values.
  ///
  /// ```swift
  /// var recording = Recording(source: "https://api.example.com")
  /// let change = try recording.add(request, HTTPResponse(status: 200, body: json))
  /// // change.newFile: ("v1/products.json", pretty-printed body), manifest() has the route
  /// ```
  ///
  /// A route is a method, a path, the query items and, for a JSON body, its top-level fields
  /// (secrets left out): two logins with different users are two routes. A route answered
  /// differently over time keeps its answers as a sequence, as a cart that fills up does.
  /// JSON bodies are pretty-printed token by token (numbers and member order as sent), with
  /// the values at ``RecordingPolicy/secretPaths`` redacted; headers that change on every
  /// answer are dropped.
  public struct Recording: Sendable {
    /// What to keep, and the limits.
    public let policy: RecordingPolicy
    /// Where the answers came from, named in the manifest's first line.
    public let source: String?

    private var routes: [RecordedRoute] = []
    private var routeIndex: [RouteKey: Int] = [:]
    private var fileForContent: [Data: String] = [:]
    private var fileCount = 0
    /// The names written and the folders they make, lower-cased.
    private var takenNames: Set<String> = ["manifest.yaml"]
    private var takenFolders: Set<String> = []
    private var bytes = 0
    /// The bytes of header fields the manifest holds.
    private var headerBytes = 0
    private let redaction: JSONRedaction
    /// What the manifest's credential fingerprints are made with (``MockRoute/Credential``):
    /// random for each recording, so that a fingerprint says nothing across recordings.
    public let credentialSalt: String
    /// Digests of every value the backend's answers held (a token, a session cookie): a
    /// credential the app sends later that is one of them was issued, and a replay sends the
    /// recording's placeholder in its place, so the route takes any credential there. Kept in
    /// memory only, at most ``mostIssuedValues``.
    private var issued: Set<UInt64> = []

    /// The most values of answers remembered as issued.
    static let mostIssuedValues = 100_000

    /// An empty recording of answers from `source`, kept by `policy`, its credential
    /// fingerprints made with `credentialSalt`: 1 to 128 characters, as a manifest reads it
    /// back; random when `nil` (or outside that).
    public init(
      source: String? = nil, policy: RecordingPolicy = RecordingPolicy(),
      credentialSalt: String? = nil
    ) {
      self.source = source
      self.policy = policy
      if let credentialSalt, (1...128).contains(credentialSalt.utf8.count) {
        self.credentialSalt = credentialSalt
      } else {
        var random = SystemRandomNumberGenerator()
        let hex = String(random.next() as UInt64, radix: 16)
        self.credentialSalt = String(repeating: "0", count: 16 - hex.count) + hex
      }
      self.redaction = JSONRedaction(
        secrets: policy.secretPaths.map(JSONRedaction.SecretPath.init))
    }

    /// What adding one exchange changed.
    public struct Change: Sendable, Equatable {
      /// A fixture file to write: its name in the folder and its content.
      public var newFile: RecordedFile?
      /// Whether the manifest changed (a new route, or a new answer in a route's sequence).
      public var manifestChanged = false
      /// How many values and header fields were redacted.
      public var redactions = 0
    }

    /// A fixture file of a recording.
    public struct RecordedFile: Sendable, Equatable {
      /// Its name in the fixtures folder: `v1/products.json`.
      public var name: String
      /// What it holds.
      public var content: Data
    }

    /// How many routes the recording's manifest holds (routes that differ only by a credential
    /// and answered alike count once).
    public var routeCount: Int { writtenRoutes().count }

    /// Adds what the backend answered to `request`.
    ///
    /// - Throws: ``RecordingError`` when the exchange cannot be kept: a body past
    ///   ``RecordingPolicy/largestBody``, a recording past its limits, a path the manifest cannot
    ///   express. Nothing of the exchange is kept then; the recording stays as it was.
    public mutating func add(_ request: HTTPRequest, _ response: HTTPResponse)
      throws(RecordingError) -> Change
    {
      // What the app sent and the backend set as credentials: removed wherever they reappear,
      // the errors' own words included.
      let credentials = SentCredentials(request: request, response: response)
      let summary = credentials.redact(request.summary).text
      guard response.body.count <= policy.largestBody else {
        throw .bodyTooLarge(
          request: summary, bytes: response.body.count, limit: policy.largestBody)
      }
      if request.body.count <= policy.largestBody,
        case .pastLimits = RequestBody.reading(request.body)
      {
        // A request body the reader will not walk (too deep, a number too long) may carry a
        // credential under a secret name that no one can find, and then echoed in the
        // answer, it would be written: the exchange is not kept.
        throw .unreadableSecret(request: summary)
      }
      let segments = try Self.segments(of: request, credentials: credentials, summary: summary)
      // A secret query item (`?api_key=…`, `?sig=…`, or any item holding a credential) is left
      // out of the route, which then takes any value; so it never reaches a file name either.
      let kept = request.query.filter { item in
        !isSecret([item.key]) && !SecretNames.isSecret(item.key)
          && !credentials.occur(in: item.value)
      }
      let key = RouteKey(
        method: request.method, segments: segments, query: kept,
        // The names left out: a request must still send them (with any value) to be answered
        // by this route, and must send nothing else (`exact-query`), so that `/items` does not
        // answer `/items?page=9`, nor a request with a token one recorded without it.
        anyValueQuery: Set(request.query.keys).subtracting(kept.keys).sorted(),
        // A name that itself holds a credential (`?<token>`) cannot be written: that route
        // then takes any query, as before.
        queryIsExact: !request.query.keys.contains { credentials.occur(in: $0) },
        bodyFields: bodyFields(of: request).filter { !credentials.occur(in: $0.value) },
        credential: credential(of: request))
      var change = Change()
      /// A string with secrets taken out: pairs by name (a URL's query), then credentials.
      func cleaned(_ text: String) -> (String, Int) {
        let paired = PairRedaction.redact(text)
        let valued = credentials.redact(paired.text)
        return (valued.text, paired.count + valued.count)
      }
      // The answer as the manifest keeps it: a secret-named field blanked, credentials and
      // secret query items taken out of the others (`Location: /next?code=…`).
      var headers: [(name: String, value: String)] = []
      for field in response.headers.fields {
        // A session cookie is kept as a placeholder, so that a replayed login sets one and the
        // app's next requests carry a credential, as the routes recorded after it expect.
        if field.name.lowercased() == "set-cookie", let placeholder = Self.placeholder(field.value)
        {
          headers.append((field.name, cleaned(placeholder).0))
          change.redactions += 1
          continue
        }
        guard !policy.droppedHeaders.contains(field.name.lowercased()),
          field.value.utf8.count <= policy.longestHeaderValue
        else { continue }
        if policy.secretHeaders.contains(field.name.lowercased())
          || SecretNames.isSecret(field.name)
        {
          headers.append((field.name, "REDACTED"))
          change.redactions += 1
        } else {
          let (value, count) = cleaned(field.value)
          headers.append((field.name, value))
          change.redactions += count
        }
      }
      var content = response.body
      let type = (response.headers[HTTPHeaderName.contentType] ?? "").lowercased()
      // JSON in UTF-16 or UTF-32 (which Foundation reads) is read as its UTF-8 text, so that
      // the credentials in it are found and the rewrite is UTF-8.
      let reading = Self.isJSON(response) ? RequestBody.reading(content) : .notJSON
      if case .pastLimits = reading {
        // JSON the reader will not walk (too deep, a number too long) cannot be searched for
        // secrets value by value, and as text its secret paths and escaped names are not
        // seen: it is not written.
        throw .unreadableSecret(request: summary)
      }
      if case .json(let value) = reading {
        let redaction = self.redaction
        let result = redaction.rewrite(
          value, strings: { text in Self.cleanedString(text, cleaned, redaction) })
        // A credential still in the rewrite (in a shape no rule here reads) is not written.
        guard !credentials.occur(in: result.text) else {
          throw .unreadableSecret(request: summary)
        }
        content = Data((result.text + "\n").utf8)
        change.redactions += result.redactions
      } else if !content.isEmpty, let text = String(data: content, encoding: .utf8) {
        // Any text by its pairs (a form, a URL with `?code=…` in a page) and the credentials it
        // echoes. What is left that might still be a secret (`token: …` in a shape no reader
        // here parses) is not written at all.
        let (redacted, count) = cleaned(text)
        if SecretNames.mightHoldSecret(redacted) {
          throw .unreadableSecret(request: summary)
        }
        if count > 0 {
          content = Data(redacted.utf8)
          change.redactions += count
        }
      } else if !content.isEmpty {
        // Not UTF-8: the credentials' bytes, wherever they are, overwritten in place. A body
        // that says it is text but is not UTF-8 is read as far as it decodes, and refused when
        // it might hold a secret.
        let (redacted, count) = credentials.redact(content)
        if Self.isTextType(type),
          SecretNames.mightHoldSecret(String(decoding: redacted, as: UTF8.self))
        {
          throw .unreadableSecret(request: summary)
        }
        content = redacted
        change.redactions += count
      }
      // The route, new or known; an answer like its last one adds nothing.
      let position = routeIndex[key]
      if position == nil, routes.count >= policy.mostRoutes {
        throw .tooManyRoutes(limit: policy.mostRoutes)
      }
      let knownFile = content.isEmpty ? nil : fileForContent[content]
      if let position, let last = routes[position].answers.last, last.status == response.status,
        last.headers.elementsEqual(headers, by: { $0 == $1 }),
        content.isEmpty ? last.file == nil : (knownFile != nil && last.file == knownFile)
      {
        noteIssued(response)
        return Change(redactions: change.redactions)
      }
      if let position, routes[position].answers.count >= policy.mostResponsesPerRoute {
        throw .tooManyAnswers(route: key.summary, limit: policy.mostResponsesPerRoute)
      }
      let fieldBytes = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 8 }
      guard headerBytes + fieldBytes <= policy.mostHeaderBytes else {
        throw .tooManyHeaderBytes(limit: policy.mostHeaderBytes)
      }
      var file: String?
      if !content.isEmpty {
        if let known = knownFile {
          file = known
        } else {
          guard fileCount < policy.mostFiles else {
            throw .tooManyFiles(limit: policy.mostFiles)
          }
          guard bytes + content.count <= policy.mostBytes else {
            throw .tooManyBytes(limit: policy.mostBytes)
          }
          let name = uniqueName(
            Self.fileName(
              for: key, status: response.status, json: Self.isJSON(response),
              headers: response.headers))
          fileForContent[content] = name
          take(name)
          fileCount += 1
          bytes += content.count
          file = name
          change.newFile = RecordedFile(name: name, content: content)
        }
      }
      headerBytes += fieldBytes
      let answer = RecordedAnswer(status: response.status, headers: headers, file: file)
      if let position {
        routes[position].answers.append(answer)
      } else {
        routeIndex[key] = routes.count
        routes.append(RecordedRoute(key: key, answers: [answer]))
      }
      change.manifestChanged = true
      noteIssued(response)
      return change
    }

    /// The manifest: YAML the mock server reads back, routes grouped by path (then by method,
    /// in the order first seen).
    public func manifest() -> String {
      var out = "# Recorded"
      if let source { out += " from " + VisibleText.escaped(source, atMost: 200) }
      out += " by yaia mock-server record. Headers that change on every answer are dropped;\n"
      out +=
        "# secrets (credentials, and the body values at the recording's secret paths) read REDACTED.\n"
      out += "routes:\n"
      let written = writtenRoutes()
      if written.contains(where: { route, shown in
        if shown, case .fingerprinted = route.key.credential { return true }
        return false
      }) {
        out = out.replacingOccurrences(
          of: "routes:\n",
          with: "credential-salt: \(YAMLText.quoted(credentialSalt))\nroutes:\n")
      }
      for (route, showsCredential) in written {
        out += "  - method: \(YAMLText.quoted(route.key.method.rawValue))\n"
        out += "    path: \(YAMLText.quoted(route.key.path))\n"
        if !route.key.query.isEmpty { out += "    query: \(YAMLText.flow(route.key.query))\n" }
        if route.key.queryIsExact {
          out +=
            route.key.anyValueQuery.isEmpty
            ? "    exact-query: true\n"
            : "    exact-query: [\(route.key.anyValueQuery.map(YAMLText.quoted).joined(separator: ", "))]\n"
        }
        if !route.key.bodyFields.isEmpty {
          out += "    body: \(YAMLText.flow(route.key.bodyFields))\n"
        }
        if showsCredential, let credential = route.key.credential {
          switch credential {
          case .notSent: out += "    credential: none\n"
          case .sent: out += "    credential: sent\n"
          case .fingerprinted(_, let fingerprints):
            out +=
              "    credential: [\(fingerprints.sorted().map(YAMLText.quoted).joined(separator: ", "))]\n"
          }
        }
        if route.answers.count == 1 {
          out += "    response: \(route.answers[0].yaml)\n"
        } else {
          out += "    sequence:\n"
          for answer in route.answers { out += "      - \(answer.yaml)\n" }
        }
      }
      if routes.isEmpty { out = out.replacingOccurrences(of: "routes:\n", with: "routes: []\n") }
      return out
    }

    /// The routes as the manifest writes them, each with whether its credential is written.
    ///
    /// By path; within a path, methods in the order first seen; within a method, the routes
    /// that name more query items and body fields first, since a route matches any request
    /// that has at least what it names and the first match answers.
    ///
    /// A route's credential is written only where the recording saw the same request with
    /// another credential and another answer (with and without a token, a right and a wrong
    /// password): elsewhere the route answers whatever credential comes, as a recording that
    /// saw one kind tells nothing of the others. Routes that differ only by their credential
    /// and answered alike are written once (a page fetched before and after signing in).
    private func writtenRoutes() -> [(route: RecordedRoute, showsCredential: Bool)] {
      var methodOrder: [String: Int] = [:]
      for (offset, route) in routes.enumerated() {
        let group = route.key.path + " " + route.key.method.rawValue
        if methodOrder[group] == nil { methodOrder[group] = offset }
      }
      let ordered = routes.enumerated().sorted { lhs, rhs in
        let a = lhs.element.key
        let b = rhs.element.key
        if a.path != b.path { return a.path < b.path }
        let groupA = methodOrder[a.path + " " + a.method.rawValue] ?? 0
        let groupB = methodOrder[b.path + " " + b.method.rawValue] ?? 0
        if groupA != groupB { return groupA < groupB }
        if a.specificity != b.specificity { return a.specificity > b.specificity }
        // The first match answers: a route that asks for more of the credential comes before
        // one that asks for less (the recorded password before any credential, any before
        // none).
        if a.credentialRank != b.credentialRank { return a.credentialRank < b.credentialRank }
        return lhs.offset < rhs.offset
      }.map(\.element)
      var groups: [RouteKey: [RecordedRoute]] = [:]
      for route in routes { groups[route.key.sansCredential, default: []].append(route) }
      var written: [(RecordedRoute, Bool)] = []
      var merged: Set<RouteKey> = []
      for route in ordered {
        let group = groups[route.key.sansCredential] ?? [route]
        guard group.count > 1 else {
          written.append((route, false))
          continue
        }
        let alike = group.allSatisfy { $0.answers.elementsEqual(group[0].answers, by: ==) }
        if !alike {
          written.append((route, true))
        } else if merged.insert(route.key.sansCredential).inserted {
          written.append((route, false))
        }
      }
      return written
    }

    // MARK: - Deciding

    /// The `Set-Cookie` a recording keeps for one that sets a credential cookie:
    /// `sid=REDACTED`, with its `Path` (at most 256 bytes); `nil` for any other cookie, which is
    /// dropped with the header.
    static func placeholder(_ setCookie: String) -> String? {
      guard let name = RequestCredentials.credentialCookie(setBy: setCookie)?.name,
        !name.isEmpty, name.utf8.count <= 256
      else { return nil }
      let parts = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      let path = parts.dropFirst().first { $0.lowercased().hasPrefix("path=") }
        .flatMap { $0.utf8.count <= 256 ? "; \($0)" : nil }
      return "\(name)=REDACTED\(path ?? "")"
    }

    /// What credential `request` carries, as a route keeps it: none; `sent` when every value
    /// was issued by an earlier answer (a replay sends the placeholder the recording wrote for
    /// it); else the fingerprints of the values the app had of its own (a typed password, a
    /// built-in key), told apart without being stored.
    private func credential(of request: HTTPRequest) -> MockRoute.Credential {
      let carried = RequestCredentials.values(in: request)
      guard !carried.isEmpty else { return .notSent }
      let own = carried.filter { value in
        !([Substring(value)] + [SentCredentials.schemeToken(value)].compactMap { $0 }).contains {
          issued.contains(Self.digest($0))
        }
      }
      guard !own.isEmpty else { return .sent }
      return .fingerprinted(
        salt: credentialSalt,
        fingerprints: Set(
          own.map { MockRoute.Credential.fingerprint(of: $0, salt: credentialSalt) }))
    }

    /// Remembers the credentials `response` issued: a credential cookie it sets, its
    /// secret-named header fields and URL query items (`Location: /done?code=…`), and the
    /// values under secret names in its body (`{"access_token": …}`, a form's `token=…`); each
    /// at least ``SentCredentials/shortest`` bytes, so a common word is never one.
    private mutating func noteIssued(_ response: HTTPResponse) {
      func note(_ value: some StringProtocol) {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard value.utf8.count >= SentCredentials.shortest, issued.count < Self.mostIssuedValues
        else { return }
        issued.insert(Self.digest(value))
      }
      for field in response.headers.fields {
        let name = field.name.lowercased()
        if name == "set-cookie" {
          if let cookie = RequestCredentials.credentialCookie(setBy: field.value) {
            note(cookie.value)
          }
        } else if SecretNames.isSecret(name) {
          note(field.value)
        }
        for mark in ["?", "#"] {
          guard let start = field.value.firstIndex(of: Character(mark)) else { continue }
          for (key, value) in RequestCredentials.pairs(
            in: String(field.value[field.value.index(after: start)...]))
          where SecretNames.isSecret(key) {
            note(value)
          }
        }
      }
      guard !response.body.isEmpty, response.body.count <= policy.largestBody else { return }
      if let object = RequestBody.json(response.body) {
        var strings: [String] = []
        RequestCredentials.secretStrings(in: object, under: false, into: &strings)
        for value in strings { note(value) }
      } else if let text = String(data: response.body, encoding: .utf8) {
        for (key, value) in RequestCredentials.pairs(in: text) where SecretNames.isSecret(key) {
          note(value)
        }
      }
    }

    /// A stable 64-bit digest of `value` (FNV-1a), for the set of issued values: the values
    /// themselves are not kept.
    private static func digest(_ value: some StringProtocol) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in value.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return hash
    }

    /// A JSON string value with secrets taken out: JSON inside it read as JSON (a string that
    /// holds `{"sessionToken": …}`), its own strings, keys and numbers cleaned the same way,
    /// down to ``deepestJSONInString`` levels; any other text by `cleaned` (pairs and
    /// credentials).
    private static func cleanedString(
      _ text: String, _ cleaned: @escaping (String) -> (String, Int),
      _ redaction: JSONRedaction, depth: Int = 0
    ) -> (String, Int) {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard depth < deepestJSONInString, trimmed.hasPrefix("{") || trimmed.hasPrefix("[") else {
        return cleaned(text)
      }
      switch RequestBody.reading(Data(trimmed.utf8)) {
      case .json(let value):
        let inner = redaction.rewrite(
          value, strings: { cleanedString($0, cleaned, redaction, depth: depth + 1) })
        return inner.redactions > 0 ? (inner.text, inner.redactions) : (text, 0)
      case .pastLimits:
        // JSON inside the string that the reader will not walk: blanked whole, as a secret.
        return (JSONRedaction.redacted, 1)
      case .notJSON:
        return cleaned(text)
      }
    }

    /// How deep JSON inside JSON strings is read as JSON; deeper, it is cleaned as text.
    static let deepestJSONInString = 4

    /// Whether a content type is text of some kind (a page, a script, XML).
    private static func isTextType(_ type: String) -> Bool {
      type.hasPrefix("text/") || type.contains("xml") || type.contains("javascript")
        || type.contains("form-urlencoded") || type.contains("json")
    }

    /// Whether the value at `path` is secret by the policy.
    private func isSecret(_ path: [String]) -> Bool {
      redaction.secrets.contains { $0.matches(path) }
    }

    /// The top-level scalar fields of a JSON object body that a route matches on: not secret,
    /// not nested, at most ``RecordingPolicy/mostBodyFields``, as the router reads them.
    private func bodyFields(of request: HTTPRequest) -> [String: String] {
      guard request.body.count <= policy.largestBody,
        let object = RequestBody.json(request.body), let members = object.members
      else { return [:] }
      var fields: [String: String] = [:]
      for name in Set(members.map(\.name)).sorted() {
        guard fields.count < policy.mostBodyFields else { break }
        guard !name.isEmpty, !name.contains("."), Int(name) == nil,
          !isSecret([name]), !SecretNames.isSecret(name),
          let value = object[name]?.comparableText, value.utf8.count <= 200
        else { continue }
        fields[name] = value
      }
      return fields
    }

    /// The request's path as decoded segments, each one the manifest can hold as a literal, and
    /// together a pattern that matches the request. A segment that holds a credential
    /// (`/sessions/<the session id>`) becomes a parameter, `:credential`, so that the value
    /// reaches neither the manifest nor a file name, and the route answers any value there.
    private static func segments(
      of request: HTTPRequest, credentials: SentCredentials, summary: String
    ) throws(RecordingError) -> [String] {
      var segments: [String] = []
      var hidden = 0
      for raw in request.path.split(separator: "/", omittingEmptySubsequences: true) {
        let segment = raw.removingPercentEncoding ?? String(raw)
        if credentials.occur(in: segment) || credentials.occur(in: String(raw)) {
          hidden += 1
          segments.append(hidden == 1 ? ":credential" : ":credential\(hidden)")
          continue
        }
        // A route reads `:name` and a whole `{name}` as parameters: such a segment recorded
        // as a literal would answer every path of its shape on replay.
        guard !segment.contains("/"), !segment.hasPrefix(":"), segment != "*", !segment.isEmpty,
          !(segment.hasPrefix("{") && segment.hasSuffix("}"))
        else {
          throw .unrepresentablePath(request: summary)
        }
        segments.append(segment)
      }
      // The route must match the request it was recorded from: a segment that begins with a
      // combining mark joins the `/` before it into one character, and would not.
      let pattern = try? PathTemplate("/" + segments.joined(separator: "/"))
      guard let pattern, pattern.match(request.path) != nil else {
        throw .unrepresentablePath(request: summary)
      }
      return segments
    }

    private static func isJSON(_ response: HTTPResponse) -> Bool {
      let type = (response.headers[HTTPHeaderName.contentType] ?? "").lowercased()
      if type.contains("json") { return true }
      guard type.isEmpty,
        let first = response.body.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) })
      else { return false }
      return first == 0x7B || first == 0x5B
    }

    /// `v1/products/7.json`, `v1/login.post.401.json`, `search.q-kettle.json`: readable, safe in
    /// any file system, inside the folder.
    static func fileName(for key: RouteKey, status: HTTPStatus, json: Bool, headers: HTTPHeaders)
      -> String
    {
      var parts = key.segments.map(safe)
      if parts.isEmpty { parts = ["index"] }
      if parts.count > 8 {
        parts = Array(parts.prefix(7)) + [parts.dropFirst(7).joined(separator: "_")]
      }
      var last = parts.removeLast()
      if !key.query.isEmpty {
        let query = key.query.sorted { $0.key < $1.key }.map { "\($0.key)-\($0.value)" }
          .joined(separator: "_")
        last += "." + safe(query)
      }
      if key.method != .get { last += "." + key.method.rawValue.lowercased() }
      if !(200..<300).contains(status.code) { last += ".\(status.code)" }
      let type = (headers[HTTPHeaderName.contentType] ?? "").lowercased()
      let suffix =
        json
        ? "json" : type.hasPrefix("text/html") ? "html" : type.hasPrefix("text/") ? "txt" : "bin"
      parts.append(String(last.prefix(80)) + "." + suffix)
      return parts.joined(separator: "/")
    }

    /// A segment as a file name: letters, digits, `.`, `-` and `_`, no leading dot, at most 60.
    private static func safe(_ text: String) -> String {
      var out = String(
        text.unicodeScalars.map { scalar -> Character in
          scalar.isASCII
            && (CharacterSet.alphanumerics.contains(scalar)
              || "-_.".unicodeScalars.contains(scalar))
            ? Character(scalar) : "_"
        })
      while out.hasPrefix(".") { out.removeFirst() }
      out = String(out.prefix(60))
      return out.isEmpty ? "_" : out
    }

    /// `name`, or `name` with `-2`, `-3`… before its extension when taken: by a file of the
    /// same name in any case (macOS folders ignore case), or by a folder where the name needs a
    /// file, or the other way round.
    private func uniqueName(_ name: String) -> String {
      var parts = name.split(separator: "/").map(String.init)
      // A folder on the way that is a file already gets a number of its own.
      for index in parts.indices.dropLast() {
        var number = 2
        let folder = parts[index]
        while takenNames.contains(parts[...index].joined(separator: "/").lowercased()) {
          parts[index] = "\(folder)-\(number)"
          number += 1
        }
      }
      let path = parts.joined(separator: "/")
      guard !isFree(path) else { return path }
      let last = parts.removeLast()
      let dot = last.lastIndex(of: ".") ?? last.endIndex
      var number = 2
      while true {
        let candidate = (parts + ["\(last[..<dot])-\(number)\(last[dot...])"]).joined(
          separator: "/")
        if isFree(candidate) { return candidate }
        number += 1
      }
    }

    private func isFree(_ name: String) -> Bool {
      let lower = name.lowercased()
      guard !takenNames.contains(lower), !takenFolders.contains(lower) else { return false }
      let parts = lower.split(separator: "/")
      return !parts.indices.dropLast().contains { index in
        takenNames.contains(parts[...index].joined(separator: "/"))
      }
    }

    private mutating func take(_ name: String) {
      let lower = name.lowercased()
      takenNames.insert(lower)
      let parts = lower.split(separator: "/")
      for index in parts.indices.dropLast() {
        takenFolders.insert(parts[...index].joined(separator: "/"))
      }
    }
  }

  /// What tells two recorded routes apart.
  struct RouteKey: Hashable, Sendable {
    var method: HTTPMethod
    var segments: [String]
    var query: [String: String]
    /// Query items sent but not kept (secrets): their names only, taking any value.
    var anyValueQuery: [String] = []
    /// Whether the manifest may say `exact-query` for the route.
    var queryIsExact = true
    var bodyFields: [String: String]
    /// The credential the request carried; `nil` only in ``sansCredential``.
    var credential: MockRoute.Credential?

    var path: String { "/" + segments.joined(separator: "/") }
    /// How much of a request the route names beyond its method and path.
    var specificity: Int { query.count + bodyFields.count }
    /// Where the route stands among those that differ by credential: more fingerprints first,
    /// then any credential, then none.
    var credentialRank: Int {
      switch credential {
      case .fingerprinted(_, let fingerprints)?: -fingerprints.count
      case .sent?: 1
      case .notSent?: 2
      case nil: 3
      }
    }
    /// The same key whatever the credential: routes that differ only by it share this.
    var sansCredential: RouteKey {
      var key = self
      key.credential = nil
      return key
    }
    var summary: String { "\(method) \(path)" }
  }

  /// One recorded route and its answers in the order they changed.
  struct RecordedRoute: Sendable {
    var key: RouteKey
    var answers: [RecordedAnswer]
  }

  /// One recorded answer: status, kept headers, and its fixture file (`nil` for no body).
  struct RecordedAnswer: Sendable, Equatable {
    var status: HTTPStatus
    var headers: [(name: String, value: String)]
    var file: String?

    static func == (lhs: RecordedAnswer, rhs: RecordedAnswer) -> Bool {
      lhs.status == rhs.status && lhs.file == rhs.file
        && lhs.headers.elementsEqual(rhs.headers, by: { $0 == $1 })
    }

    /// `{ status: 200, headers: { … }, file: "…" }`.
    var yaml: String {
      var parts = ["status: \(status.code)"]
      if !headers.isEmpty {
        parts.append(
          "headers: { "
            + headers.map { "\(YAMLText.quoted($0.name)): \(YAMLText.quoted($0.value))" }
            .joined(separator: ", ") + " }")
      }
      if let file { parts.append("file: \(YAMLText.quoted(file))") }
      return "{ " + parts.joined(separator: ", ") + " }"
    }
  }

  /// Text as YAML writes it safely: double-quoted, every character YAML would refuse or read
  /// differently escaped.
  enum YAMLText {
    /// `text` as a double-quoted YAML scalar (JSON's escapes are YAML's too).
    static func quoted(_ text: String) -> String {
      "\"" + JSONText.escaped(text) + "\""
    }

    /// A flow mapping of text to text, keys sorted: `{ "page": "1" }`.
    static func flow(_ mapping: [String: String]) -> String {
      "{ "
        + mapping.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
        .joined(separator: ", ") + " }"
    }
  }
#endif
