import Foundation
import YaiaRemote

// The seed's example: a Fixer-like exchange-rates API (`GET /latest?base=USD`), as an app
// would write it with YaiaRemote. A service with verb-named methods owns its request factory.

struct Rates: Decodable, Equatable, Sendable {
  var base: String
  var date: String
  var rates: [String: Double]
}

/// Pure functions from parameters to requests: tests compare them with `==`.
enum RatesRequests {
  static func latest(base: String) -> Request<Rates> {
    .json(.get, Endpoint("/latest", query: [QueryItem("base", base)]))
  }

  static func historical(date: String, base: String) -> Request<Rates> {
    .json(
      .get, Endpoint("/:date", parameters: ["date": date], query: [QueryItem("base", base)]))
  }
}

/// The service: verb-named methods over a client.
struct RatesService: Sendable {
  let client: RemoteClient

  func getLatest(base: String) async throws(RemoteError) -> Rates {
    try await client.send(RatesRequests.latest(base: base))
  }
}

let ratesJSON = #"{"base":"USD","date":"2026-11-22","rates":{"EUR":0.92,"GBP":0.79}}"#
