import CustomDump
import Foundation
import Testing
import Yaia
import YaiaTesting

/// A counter screen: the smallest screen with events, commands and a view model.
private struct Counter: ScreenState {
  enum Event: Equatable, Sendable { case increment }
  enum Command: Equatable, Sendable { case reached(Int) }
  var count = 0
  var viewModel: Int { count }
  mutating func handle(_ event: Event) -> [Command] {
    count += 1
    return count % 2 == 0 ? [.reached(count)] : []
  }
}

/// A screen whose event type is the counter's too: events still find only their own screen.
private struct Twin: ScreenState {
  typealias Event = Counter.Event
  var viewModel: String { "twin" }
  mutating func handle(_ event: Event) -> [Never] { [] }
}

/// A timed screen: told the time by whatever handles it.
private struct Clocked: ScreenState, TimedState {
  enum Event: Equatable, Sendable { case stamp }
  var now = 0
  var stamps: [Int] = []
  var viewModel: [Int] { stamps }
  mutating func handle(_ event: Event) -> [Never] {
    stamps.append(now)
    return []
  }
}

/// A parent with one destination: a screen that asks for nothing is handled like any other.
private struct Sheet: ShellState {
  enum Event: Sendable { case destination(ScreenEvent) }
  var destination: AnyScreen? = AnyScreen(Clocked())
  var viewModel: ScreenViewModel? { destination?.viewModel }
  mutating func handle(_ event: Event) -> [ScreenCommand] {
    switch event {
    case .destination(let event): handle(event, in: \.destination) { $0 }
    }
  }
}

@Suite("AnyScreen: any screen, typed events, commands and view models")
struct AnyScreenTests {
  @Test("an event reaches only a screen of its own type; commands come out tagged with it")
  func typedEvents() {
    allowingDroppedEvents {
      var screen = AnyScreen(Counter())
      #expect(screen.handle(Counter.event(.increment)) == [])
      #expect(screen.handle(Counter.event(.increment)) == [Counter.command(.reached(2))])
      #expect(screen.handle(Twin.event(.increment)) == [], "the same event type, another screen")
      #expect(screen.as(Counter.self)?.count == 2)
      #expect(screen.viewModel.as(Counter.self) == 2)
      #expect(screen.viewModel.as(Twin.self) == nil)
      #expect(screen.viewModel.base as? Int == 2)
      var twin = AnyScreen(Twin())
      #expect(twin.handle(Counter.event(.increment)) == [])
    }
  }

  @Test("screens, events and commands compare by type and value, and print as their screen's")
  func equality() {
    #expect(AnyScreen(Counter(count: 1)) == AnyScreen(Counter(count: 1)))
    #expect(AnyScreen(Counter(count: 1)) != AnyScreen(Counter(count: 2)))
    #expect(AnyScreen(Counter()) != AnyScreen(Twin()))
    #expect(Counter.event(.increment) != Twin.event(.increment))
    #expect(Counter.command(.reached(2)) == Counter.command(.reached(2)))
    #expect(Counter.command(.reached(2)).as(Counter.self) == .reached(2))
    #expect(Counter.event(.increment).as(Twin.self) == nil)
    #expect(Counter.event(.increment).description.hasSuffix("Counter: increment"))
    #expect(AnyScreen(Counter(count: 3)).is(Counter.self))
    var screen = AnyScreen(Counter())
    #expect(screen.modify(Counter.self) { $0.count = 5 } != nil)
    #expect(screen.modify(Twin.self) { _ in } == nil)
    #expect(screen.as(Counter.self)?.count == 5)
  }

  @Test("a destination whose screen asks for nothing needs no `_ = handle` of its own")
  func neverCommandDestination() {
    allowingDroppedEvents {
      var sheet = Sheet()
      let commands = withEventTime(3) { sheet.handle(.destination(Clocked.event(.stamp))) }
      #expect(commands.isEmpty)
      #expect(sheet.viewModel?.as(Clocked.self) == [3])
      sheet.destination = nil
      #expect(sheet.handle(.destination(Clocked.event(.stamp))).isEmpty, "a closed sheet drops it")
    }
  }

  @Test("a timed screen is told the time of the event, wherever it sits")
  func timedScreen() {
    var screen = AnyScreen(Clocked())
    withEventTime(7) { _ = screen.handle(Clocked.event(.stamp)) }
    withEventTime(9) { _ = screen.handle(Clocked.event(.stamp)) }
    #expect(screen.viewModel.as(Clocked.self) == [7, 9])
  }

  @Test("a dump or a test diff shows the screen's own value under its screen's name")
  func dumpsAsTheScreensValue() {
    var dumped = ""
    customDump(Counter.event(.increment), to: &dumped)
    #expect(dumped == "ScreenEvent.Counter(.increment)")
    dumped = ""
    customDump(Counter.command(.reached(2)), to: &dumped)
    #expect(dumped == "ScreenCommand.Counter(\n  .reached(2)\n)")
    dumped = ""
    customDump(AnyScreen(Counter(count: 3)).viewModel, to: &dumped)
    #expect(dumped == "ScreenViewModel.Counter(3)")
    let screen = Mirror(reflecting: AnyScreen(Counter(count: 3)))
    #expect(screen.displayStyle == .enum)
    #expect(screen.children.first?.label == "Counter")
    #expect((screen.children.first?.value as? Counter)?.count == 3)
  }
}
