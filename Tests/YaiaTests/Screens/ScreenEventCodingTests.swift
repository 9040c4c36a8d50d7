import Foundation
import Testing
import Yaia

/// A screen whose events are `Codable`.
private struct Dial: ScreenState {
  enum Event: Codable, Equatable, Sendable {
    case turned(by: Int)
  }
  var turns = 0
  var viewModel: Int { turns }
  mutating func handle(_ event: Event) -> [Never] {
    if case .turned(let by) = event { turns += by }
    return []
  }
}

/// A screen whose events are not.
private struct Plain: ScreenState {
  enum Event: Equatable, Sendable { case tapped }
  var viewModel: Int { 0 }
  mutating func handle(_ event: Event) -> [Never] { [] }
}

@Suite("ScreenEvent is Codable: written with its screen's name, read back by ScreenTypes")
struct ScreenEventCodingTests {
  private func decoder(_ types: [any ScreenState.Type]?) -> JSONDecoder {
    let decoder = JSONDecoder()
    if let types { decoder.userInfo[ScreenTypes.userInfoKey] = ScreenTypes(types) }
    return decoder
  }

  @Test("an event goes out with its screen's name and comes back the same event")
  func roundTrip() throws {
    let event = Dial.event(.turned(by: 3))
    let data = try JSONEncoder().encode(event)
    #expect(String(decoding: data, as: UTF8.self).contains(#""screen":"Dial""#))
    #expect(try decoder([Plain.self, Dial.self]).decode(ScreenEvent.self, from: data) == event)
  }

  @Test("reading without ScreenTypes, or for a screen not among them, says which and what is known")
  func unknownScreens() throws {
    let data = try JSONEncoder().encode(Dial.event(.turned(by: 1)))
    #expect {
      try decoder(nil).decode(ScreenEvent.self, from: data)
    } throws: { "\($0)".contains("the decoder has no ScreenTypes") }
    #expect {
      try decoder([Plain.self]).decode(ScreenEvent.self, from: data)
    } throws: { "\($0)".contains("Dial, which is not among the decoder's ScreenTypes (Plain)") }
  }

  @Test("a screen whose events are not Codable cannot be written, and the error says so")
  func notCodable() {
    #expect {
      try JSONEncoder().encode(Plain.event(.tapped))
    } throws: { "\($0)".contains("Plain.Event is not Encodable") }
    let written = Data(#"{"screen":"Plain","event":{"tapped":{}}}"#.utf8)
    #expect {
      try decoder([Plain.self]).decode(ScreenEvent.self, from: written)
    } throws: { "\($0)".contains("Plain.Event is not Decodable") }
  }
}
