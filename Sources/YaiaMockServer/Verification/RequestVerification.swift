#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP

  /// A check of a journal against an ``ExpectedRequest`` and an ``ExpectedCount``, as a value:
  /// ``MockServer/verify(_:_:)`` runs it on the server's journal, and a test can run it on any
  /// list of entries.
  ///
  /// When the count is wrong, the failure lists the requests closest to the expectation, each
  /// with how it differs (the method, the path, a query item, a header, a body field): a test
  /// that expected `POST /login` with `user = ada` and got `user = bob` says exactly that.
  public struct RequestVerification: Sendable {
    /// What was expected.
    public let expected: ExpectedRequest
    /// How many.
    public let count: ExpectedCount

    /// How many of the closest requests a failure lists.
    public static let closestShown = 5

    /// A check for `count` requests like `expected`.
    public init(_ expected: ExpectedRequest, _ count: ExpectedCount) {
      self.expected = expected
      self.count = count
    }

    /// The failure for `entries` (the journal, oldest first; `dropped` older entries no longer
    /// kept), or `nil` when the count is right.
    public func failure(in entries: [MockJournalEntry], dropped: Int = 0) -> VerificationFailure? {
      var matching: [Int] = []
      var others: [(index: Int, differences: [String])] = []
      for (index, entry) in entries.enumerated() {
        let differences = expected.differences(from: entry.request)
        if differences.isEmpty {
          matching.append(index)
        } else {
          others.append((index, differences))
        }
      }
      guard !count.allows(matching.count) else { return nil }
      // Closest first: fewest differences, then a path that matched, then the newest.
      others.sort { lhs, rhs in
        if lhs.differences.count != rhs.differences.count {
          return lhs.differences.count < rhs.differences.count
        }
        return lhs.index > rhs.index
      }
      // The ones that matched come first (too many, or too few: the test sees what counted),
      // then, when there were too few, the closest of the others.
      var shown: [VerificationFailure.Received] = matching.prefix(Self.closestShown).map {
        .init(position: $0 + 1 + dropped, summary: entries[$0].request.summary, differences: [])
      }
      if !count.isExceeded(by: matching.count) {
        shown += others.prefix(Self.closestShown - shown.count).map {
          .init(
            position: $0.index + 1 + dropped, summary: entries[$0.index].request.summary,
            differences: $0.differences)
        }
      }
      return VerificationFailure(
        expected: expected, count: count, matched: matching.count, received: entries.count,
        dropped: dropped, closest: shown)
    }
  }

  /// A verification that failed: what was expected, what came, and the closest requests with
  /// how each differs. Thrown by ``MockServer/verify(_:_:)``; Swift Testing and XCTest record it
  /// as the test's failure, with this description.
  public struct VerificationFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// One request the server received, as the failure shows it.
    public struct Received: Equatable, Sendable {
      /// Its place in the server's life, from 1 (counting requests the journal let go).
      public var position: Int
      /// `POST /login`.
      public var summary: String
      /// How it differs from the expectation; empty for a request that matched.
      public var differences: [String]
    }

    /// What was expected.
    public let expected: ExpectedRequest
    /// How many.
    public let count: ExpectedCount
    /// How many requests matched.
    public let matched: Int
    /// How many requests the journal holds.
    public let received: Int
    /// How many older requests the journal no longer holds.
    public let dropped: Int
    /// The closest requests, best first (or the matching ones, when there were too many).
    public let closest: [Received]

    public var description: String {
      var lines = [
        "Expected \(count) request(s) \(expected); \(matched) of the \(received) received matched."
      ]
      if dropped > 0 {
        lines.append(
          "(\(dropped) older request(s) were let go to bound the journal; raise MockServer.Configuration.journalLimit to keep them.)"
        )
      }
      if received == 0 {
        lines.append("The server received no request at all.")
      } else if !closest.isEmpty {
        let heading =
          count.isExceeded(by: matched)
          ? "The requests that matched:"
          : matched == 0
            ? "The closest requests received:"
            : "The requests that matched, then the closest others:"
        lines.append(heading)
        for request in closest {
          let how =
            request.differences.isEmpty ? "" : ": " + request.differences.joined(separator: "; ")
          lines.append("  #\(request.position) \(request.summary)\(how)")
        }
      }
      return lines.joined(separator: "\n")
    }
  }

  /// A request body read as JSON, once, for the checks that look into it.
  enum RequestBody {
    /// What reading a body as JSON found.
    enum Reading {
      /// JSON, read.
      case json(JSONValue)
      /// Empty, or not JSON.
      case notJSON
      /// JSON past the reader's limits (deeper than 128 levels, a number of more than 64
      /// characters, millions of values): it may hold anything, so whatever must see every
      /// value (a redaction) refuses it rather than treat it as text.
      case pastLimits(JSONSyntaxError)
    }

    /// `body` read by ``JSONReader`` (UTF-16 and UTF-32 as their UTF-8 text).
    static func reading(_ body: Data) -> Reading {
      guard !body.isEmpty else { return .notJSON }
      do {
        return .json(try JSONReader.parse(JSONText.utf8(body)))
      } catch {
        return error.overBudget ? .pastLimits(error) : .notJSON
      }
    }

    /// `body` as ``JSONReader`` reads it (within its limits), or `nil` when it is empty, not
    /// JSON, or past the reader's limits.
    static func json(_ body: Data) -> JSONValue? {
      guard case .json(let value) = reading(body) else { return nil }
      return value
    }
  }
#endif
