import Foundation
import Yaia
import YaiaFlow
import YaiaRemote
import YaiaResources
import YaiaSequencer

/// The imperative shell of the sample app: runs ``DemoAppState``'s commands against the
/// server, the store, the radio and the launch, and sends what comes back as events. Each case
/// is a line or two of I/O; every decision was made by the state.
@MainActor
struct DemoShell {
  let client: RemoteClient
  let library: SpeakerLibrary
  let radio: SimulatedRadio
  let launch: Launch<DemoStep>
  let feed: LaunchFeed
  let router: Router<DemoRoute, TerminalNavigator<DemoRoute>>
  /// The app's language, shared by every screen that shows it and kept in the app's memory.
  let language: Shared<String?>
  let quit: @MainActor () -> Void

  func run(_ command: DemoAppState.Command, _ effects: ShellEffects<DemoAppState>) {
    switch command {
    case .runLaunch:
      let (launch, feed) = (launch, feed)
      effects.run(id: "launch") { () -> DemoAppState.Event? in
        await feed.run(launch)
        return nil
      }
    case .navigate(let operations):
      router.apply(operations)
    case .answer(let answer):
      let launch = launch
      effects.run { () -> DemoAppState.Event? in
        switch answer {
        case .language(let language): await launch.answer(DemoPrompts.language, with: language)
        case .login(let session): await launch.answer(DemoPrompts.login, with: session)
        case .tutorialSeen: await launch.answer(DemoPrompts.tutorial, with: true)
        case .pairing(let address): await launch.answer(DemoPrompts.pairing, with: address)
        }
        return nil
      }
    case .screen(let id, let command):
      if case .save(let address, let model, let nickname)? = command.as(PairingState.self) {
        // A save outlives its screen (the user confirmed it); its answer finds the screen by id.
        let library = library
        effects.run(id: Self.write("pair")) {
          do {
            try await library.save(
              PairedSpeaker(id: address, model: model, nickname: nickname, pairedAt: Date()))
            return .screen(id, PairingState.event(.saved(.success(address))))
          } catch {
            return .screen(id, PairingState.event(.saved(.failure(.init("\(error)")))))
          }
        }
        return
      }
      // The rest of a screen's work belongs to its screen: popped, it is cancelled.
      screens.run(command, effects.scope(\.path, id: id) { .screen(id, $0) })
    case .home(.speakers(.rename(let address, let nickname))):
      let library = library
      effects.run(id: Self.write("rename \(address)")) { () -> DemoAppState.Event? in
        do {
          let renamed = try await library.rename(id: address, to: nickname)
          return renamed ? nil : .home(.speakers(.writeFailed(.homeNoLongerPaired)))
        } catch {
          return .home(.speakers(.writeFailed(.homeNotRenamed("\(error)"))))
        }
      }
    case .home(.speakers(.delete(let address))):
      let library = library
      effects.run(id: Self.write("delete \(address)")) { () -> DemoAppState.Event? in
        do {
          try await library.delete(id: address)
          return nil
        } catch {
          return .home(.speakers(.writeFailed(.homeNotDeleted("\(error)"))))
        }
      }
    case .home(.speakers(.pairNew)):
      // Pairing is navigation: the app state pushes the assistant.
      break
    case .chooseLanguage(let chosen):
      language.set(chosen)
    case .quit:
      quit()
    }
  }

  /// Runs one piece of the work the app's state declares (``DemoAppState/ongoingWork``), until
  /// the state stops declaring it.
  nonisolated func runOngoing(
    _ work: DemoAppState.OngoingWork, _ send: Send<DemoAppState.Event>
  ) async {
    switch work {
    case .radioScan(let id):
      for await change in radio.scan() {
        await send(.screen(id, PairingState.event(.radio(change))))
      }
    case .speakerLibrary:
      for await update in library.updates() {
        switch update {
        case .all(let speakers): await send(.home(.speakers(.loaded(speakers))))
        case .changed(let saved, let deleted):
          await send(.home(.speakers(.changed(saved: saved, deleted: deleted))))
        case .failed(let problem): await send(.home(.speakers(.writeFailed(problem))))
        }
      }
    }
  }

  /// The pushed screens' own work, by screen type: each screen's handler runs with effects of
  /// its own, scoped to its id. Results (finished, chosen) are the app state's to take; none
  /// reaches here.
  var screens: ScreenHandlers {
    let client = client
    return ScreenHandlers()
      .on(LoginState.self) { command, effects in
        switch command {
        case .logIn(let user, let password):
          effects.run(id: "login") {
            .response(Reply(await Self.logIn(client, user: user, password: password.value)))
          }
        case .finished:
          break
        }
      }
  }

  /// The work id of a write to the store: quitting waits for the writes still running, so a
  /// save the user just confirmed is stored even when the quit key follows at once.
  nonisolated static func write(_ name: String) -> String { "\(writePrefix)\(name)" }

  /// What every write's work id holds.
  nonisolated static let writePrefix = "store write: "

  /// Suspends until no store write of `shell` is running, for at most `timeout`: woken by the
  /// shell's own report of each change of its work, never by polling.
  static func writesSettled(in shell: Shell<DemoAppState>, timeout: Duration) async {
    // A work's id is its name quoted, after its child scope if it has one: search, not prefix.
    let writing = { shell.runningWork.contains { $0.id.contains(writePrefix) } }
    guard writing() else { return }
    let (changes, changed) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    shell.onWorkChange { changed.yield() }
    defer { shell.onWorkChange(nil) }
    let bound = Task {
      try? await Task.sleep(for: timeout)
      changed.finish()
    }
    defer { bound.cancel() }
    for await _ in changes where !writing() { break }
  }

  /// Logs in; the session's tokens never leave this function except inside the session.
  nonisolated static func logIn(_ client: RemoteClient, user: String, password: String) async
    -> Result<LoginSession, LoginState.Failure>
  {
    do {
      let tokens = try await client.send(try DemoAPI.login(user: user, password: password))
      return .success(
        LoginSession(
          user: tokens.user ?? user, token: tokens.token, refreshToken: tokens.refreshToken))
    } catch let error {
      if error.status == 401 { return .failure(.wrongPassword) }
      return .failure(.unavailable(error.shortDescription))
    }
  }
}
