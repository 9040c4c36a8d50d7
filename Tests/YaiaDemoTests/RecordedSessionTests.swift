// swift-format-ignore-file
// (Made by `yaia inspect export-test`: its lines are recorded events, as long as they are.)
// A session of yaia demo (its shell app), recorded by Yaia Inspector: steps 1–35,
// what changed on screen checked from step 10. Each step is the event the
// app handled, in its own encoding, and the view model's paths that changed, as the
// inspector showed them. It passes as recorded. To report a bug, change the expectation
// that is wrong to what it should be: the test then fails on the bug.

import Testing
import Yaia
import YaiaInspectorTesting
import YaiaTesting

@testable import YaiaDemo

@Test("yaia demo, app: steps 10–35 as recorded")
func recordedLoginAndPairing() throws {
  let event = RecordedEvents(DemoAppState.Event.self, userInfo: [ScreenTypes.userInfoKey: DemoAppState.screenTypes])
  let replayed = try Given(DemoAppState(scenario: .regular, plan: try DemoLaunch.plan(.regular)))
    .when([
      event(#"{"started":{}}"#),  // 1 started
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"presentSplash","time":[0,55383000000000]}}}"#),  // 2 launch
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"forceUpdate","time":[0,112288000000000]}}}"#),  // 3 launch
      event(#"{"home":{"_0":{"speakers":{"_0":{"loaded":{"_0":[]}}}}}}"#),  // 4 home › speakers › loaded
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"fetchConfiguration","time":[0,153579000000000]}}}"#),  // 5 launch
      event(#"{"note":{"_0":{"splashShown":{}}}}"#),  // 6 note › splashShown
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"login","time":[0,189193000000000]}}}"#),  // 7 launch
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"connectSpeaker","time":[0,288881000000000]}}}"#),  // 8 launch
      event(#"{"note":{"_0":{"splash":{"_0":{"time":[0,400000000000000000],"values":{"bar":{"scale":{"number":{"_0":1}}},"subtitle":{"offset":{"point":{"_0":{"x":0,"y":0}}},"opacity":{"number":{"_0":1}}},"title":{"opacity":{"number":{"_0":1}}}}}}}}}"#),  // 9 note › splash
    ])
    .given
    .step(
      event(#"{"launch":{"_0":{"kind":{"waitingForUser":{"_0":{"name":"log in","step":"login"}}},"step":"login","time":[0,449942000000000]}}}"#),  // 10 launch
      changes: [
        "screens.launch._0.lines[3].status": #".waitingForUser("log in")"#,
        "screens.update.launch.lines[3].status": #".waitingForUser("log in")"#,
        "screens.screen.logIn #0": #".pushed(.LoginState(ViewModel(user: "", password: "", focus: .user, banner: nil, isLoading: false)))"#,
      ])
    .step(
      event(#"{"onTop":{"_0":{"event":{"typed":{"_0":"•••"}},"screen":"LoginState"}}}"#),  // 11 onTop › LoginState › typed
      // It held a secret, replayed as its placeholder: only the places checked.
      changedPaths: [
        "screens.screen.logIn #0._0._0.user",
      ])
    .step(
      event(#"{"note":{"_0":{"nothingToReconnect":{}}}}"#),  // 12 note › nothingToReconnect
      changes: [
        "screens.home._0.status.lines[0]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
        "status[0]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"connectSpeaker","time":[0,4796618000000000]}}}"#),  // 13 launch
      changes: [
        "screens.launch._0.lines[4].status": ".finished",
        "screens.launch._0.lines[4].duration": "0.004507737 seconds",
        "screens.update.launch.lines[4].status": ".finished",
        "screens.update.launch.lines[4].duration": "0.004507737 seconds",
      ])
    .step(
      event(#"{"onTop":{"_0":{"event":{"switchField":{}},"screen":"LoginState"}}}"#),  // 14 onTop › LoginState › switchField
      changes: [
        "screens.screen.logIn #0._0._0.focus": ".password",
      ])
    .step(
      event(#"{"note":{"_0":{"configuration":{"_0":{"country":"DE","language":"de","supportedLanguages":["de","en","fr"]}}}}}"#),  // 15 note › configuration
      changes: [
        "screens.home._0.status.lines[0].key.name": #""status.countryLanguage""#,
        "screens.home._0.status.lines[0].arguments[0]": #".string("DE")"#,
        "screens.home._0.status.lines[0].arguments[1]": #".text(LocalizedText(key: TextKey(name: "language.de"), arguments: []))"#,
        "screens.home._0.status.lines[1]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
        "status[0].key.name": #""status.countryLanguage""#,
        "status[0].arguments[0]": #".string("DE")"#,
        "status[0].arguments[1]": #".text(LocalizedText(key: TextKey(name: "language.de"), arguments: []))"#,
        "status[1]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"forceUpdate","time":[0,7481940000000000]}}}"#),  // 16 launch
      changes: [
        "screens.launch._0.lines[1].status": ".finished",
        "screens.launch._0.lines[1].duration": "0.007369652 seconds",
        "screens.update.launch.lines[1].status": ".finished",
        "screens.update.launch.lines[1].duration": "0.007369652 seconds",
      ])
    .step(
      event(#"{"onTop":{"_0":{"event":{"typed":{"_0":"•••••••••"}},"screen":"LoginState"}}}"#),  // 17 onTop › LoginState › typed
      // It held a secret, replayed as its placeholder: only the places checked.
      changedPaths: [
        "screens.screen.logIn #0._0._0.password",
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"fetchConfiguration","time":[0,8516349000000000]}}}"#),  // 18 launch
      changes: [
        "screens.launch._0.lines[2].status": ".finished",
        "screens.launch._0.lines[2].duration": "0.00836277 seconds",
        "screens.update.launch.lines[2].status": ".finished",
        "screens.update.launch.lines[2].duration": "0.00836277 seconds",
      ])
    .step(
      event(#"{"onTop":{"_0":{"event":{"submit":{}},"screen":"LoginState"}}}"#),  // 19 onTop › LoginState › submit
      changes: [
        "screens.screen.logIn #0._0._0.isLoading": "true",
      ])
    .step(
      event(#"{"screen":{"_0":{"number":0},"_1":{"event":{"response":{"_0":{"success":{"_0":{"refreshToken":"•••••","token":"•••••","user":"ada"}}}}},"screen":"LoginState"}}}"#),  // 20 screen › LoginState › response › success
      // It held a secret, replayed as its placeholder: only the places checked.
      changedPaths: [
        "screens.screen.logIn #0",
      ])
    .step(
      event(#"{"note":{"_0":{"loggedIn":{"automatically":false,"user":"ada"}}}}"#),  // 21 note › loggedIn
      changes: [
        "screens.home._0.status.lines[0].key.name": #""status.loggedIn""#,
        "screens.home._0.status.lines[0].arguments[0]._0": #""ada""#,
        "screens.home._0.status.lines[0].arguments[1]": "<removed>",
        "screens.home._0.status.lines[1].key.name": #""status.countryLanguage""#,
        "screens.home._0.status.lines[1].arguments[0]": #".string("DE")"#,
        "screens.home._0.status.lines[1].arguments[1]": #".text(LocalizedText(key: TextKey(name: "language.de"), arguments: []))"#,
        "screens.home._0.status.lines[2]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
        "status[0].key.name": #""status.loggedIn""#,
        "status[0].arguments[0]._0": #""ada""#,
        "status[0].arguments[1]": "<removed>",
        "status[1].key.name": #""status.countryLanguage""#,
        "status[1].arguments[0]": #".string("DE")"#,
        "status[1].arguments[1]": #".text(LocalizedText(key: TextKey(name: "language.de"), arguments: []))"#,
        "status[2]": #"LocalizedText(key: TextKey(name: "status.noSpeakerYet"), arguments: [])"#,
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"login","time":[0,14137126000000000]}}}"#),  // 22 launch
      changes: [
        "screens.launch._0.lines[3].status": ".finished",
        "screens.launch._0.lines[3].duration": "0.013947933 seconds",
        "screens.update.launch.lines[3].status": ".finished",
        "screens.update.launch.lines[3].duration": "0.013947933 seconds",
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"presentSplash","time":[0,400666760000000000]}}}"#),  // 23 launch
      changes: [
        "screens.launch._0.lines[0].status": ".finished",
        "screens.launch._0.lines[0].duration": "0.400611377 seconds",
        "screens.update.launch.lines[0].status": ".finished",
        "screens.update.launch.lines[0].duration": "0.400611377 seconds",
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"started":{}},"step":"tutorial","time":[0,400778396000000000]}}}"#),  // 24 launch
      changes: [
        "screens.launch._0.lines[5].status": ".running",
        "screens.launch._0.lines[5].started": "0.400778396 seconds",
        "screens.update.launch.lines[5].status": ".running",
        "screens.update.launch.lines[5].started": "0.400778396 seconds",
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"waitingForUser":{"_0":{"name":"see the tutorial","step":"tutorial"}}},"step":"tutorial","time":[0,401886545000000000]}}}"#),  // 25 launch
      changes: [
        "screens.launch._0.lines[5].status": #".waitingForUser("see the tutorial")"#,
        "screens.update.launch.lines[5].status": #".waitingForUser("see the tutorial")"#,
        "screens.screen.tutorial #1": #".pushed(.TutorialState(ViewModel(page: LocalizedText(key: TextKey(name: "tutorial.page1"), arguments: []), number: 1, count: 3, isLast: false)))"#,
      ])
    .step(
      event(#"{"onTop":{"_0":{"event":{"skip":{}},"screen":"TutorialState"}}}"#),  // 26 onTop › TutorialState › skip
      changes: [
        "screens.screen.tutorial #1": "<removed>",
      ])
    .step(
      event(#"{"launch":{"_0":{"kind":{"ended":{"_0":{"finished":{}}}},"step":"tutorial","time":[0,404640640000000000]}}}"#),  // 27 launch
      changes: [
        "screens.launch._0.lines[5].status": ".finished",
        "screens.launch._0.lines[5].duration": "0.003862244 seconds",
        "screens.update.launch.lines[5].status": ".finished",
        "screens.update.launch.lines[5].duration": "0.003862244 seconds",
      ])
    .step(
      event(#"{"launchEnded":{"_0":{"budget":[0,3000000000000000000],"criticalPath":["presentSplash","tutorial"],"duration":[0,404705767000000000],"launchTime":[0,400611377000000000],"outcome":{"completed":{}},"records":[{"end":[0,400666760000000000],"needsUserInput":false,"outcome":{"finished":{}},"start":[0,55383000000000],"step":"presentSplash"},{"end":[0,7481940000000000],"needsUserInput":false,"outcome":{"finished":{}},"start":[0,112288000000000],"step":"forceUpdate"},{"end":[0,8516349000000000],"needsUserInput":false,"outcome":{"finished":{}},"start":[0,153579000000000],"step":"fetchConfiguration"},{"end":[0,14137126000000000],"needsUserInput":true,"outcome":{"finished":{}},"start":[0,189193000000000],"step":"login"},{"end":[0,4796618000000000],"needsUserInput":false,"outcome":{"finished":{}},"start":[0,288881000000000],"step":"connectSpeaker"},{"end":[0,404640640000000000],"needsUserInput":true,"outcome":{"finished":{}},"start":[0,400778396000000000],"step":"tutorial"}]}}}"#),  // 28 launchEnded
      changes: [
        "screens.home._0.launch.report": "LaunchReport<DemoStep>(outcome: .completed, spans: [StepSpan(step: .presentSplash, outcome: .finished, start: 5.5383e-05 seconds, end: 0.40066676 seconds, needsUserInput: false), StepSpan(step: .forceUpdate, outcome: .finished, start: 0.000112288 seconds, end: 0.00748194 seconds, needsUserInput: false), StepSpan(step: .fetchConfiguration, outcome: .finished, start: 0.000153579 seconds, end: 0.008516349 seconds, needsUserInput: false), StepSpan(step: .login, outcome: .finished, start: 0.000189193 seconds, end: 0.014137126 seconds, needsUserInput: true), StepSpan(step: .connectSpeaker, outcome: .finished, start: 0.000288881 seconds, end: 0.004796618 seconds, needsUserInput: false), StepSpan(step: .tutorial, outcome: .finished, start: 0.400778396 seconds, end: 0.40464064 seconds, needsUserInput: true)], duration: 0.404705767 seconds, launchTime: 0.400611377 seconds, criticalPath: [.presentSplash, .tutorial], budget: 3.0 seconds)",
        "screens.launch._0.report": "LaunchReport<DemoStep>(outcome: .completed, spans: [StepSpan(step: .presentSplash, outcome: .finished, start: 5.5383e-05 seconds, end: 0.40066676 seconds, needsUserInput: false), StepSpan(step: .forceUpdate, outcome: .finished, start: 0.000112288 seconds, end: 0.00748194 seconds, needsUserInput: false), StepSpan(step: .fetchConfiguration, outcome: .finished, start: 0.000153579 seconds, end: 0.008516349 seconds, needsUserInput: false), StepSpan(step: .login, outcome: .finished, start: 0.000189193 seconds, end: 0.014137126 seconds, needsUserInput: true), StepSpan(step: .connectSpeaker, outcome: .finished, start: 0.000288881 seconds, end: 0.004796618 seconds, needsUserInput: false), StepSpan(step: .tutorial, outcome: .finished, start: 0.400778396 seconds, end: 0.40464064 seconds, needsUserInput: true)], duration: 0.404705767 seconds, launchTime: 0.400611377 seconds, criticalPath: [.presentSplash, .tutorial], budget: 3.0 seconds)",
        "screens.update.launch.report": "LaunchReport<DemoStep>(outcome: .completed, spans: [StepSpan(step: .presentSplash, outcome: .finished, start: 5.5383e-05 seconds, end: 0.40066676 seconds, needsUserInput: false), StepSpan(step: .forceUpdate, outcome: .finished, start: 0.000112288 seconds, end: 0.00748194 seconds, needsUserInput: false), StepSpan(step: .fetchConfiguration, outcome: .finished, start: 0.000153579 seconds, end: 0.008516349 seconds, needsUserInput: false), StepSpan(step: .login, outcome: .finished, start: 0.000189193 seconds, end: 0.014137126 seconds, needsUserInput: true), StepSpan(step: .connectSpeaker, outcome: .finished, start: 0.000288881 seconds, end: 0.004796618 seconds, needsUserInput: false), StepSpan(step: .tutorial, outcome: .finished, start: 0.400778396 seconds, end: 0.40464064 seconds, needsUserInput: true)], duration: 0.404705767 seconds, launchTime: 0.400611377 seconds, criticalPath: [.presentSplash, .tutorial], budget: 3.0 seconds)",
      ])
    .step(
      event(#"{"home":{"_0":{"speakers":{"_0":{"pairNew":{}}}}}}"#),  // 29 home › speakers › pairNew
      changes: [
        "screens.screen.pairing #2": ".pushed(.PairingState(ViewModel(rows: [], changes: nil, naming: nil, message: nil, isSaving: false)))",
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"appeared":{"_0":{"id":"4D:5E:90:6C","model":"Sony SRS-XB13","signal":-75}}}}},"screen":"PairingState"}}}"#),  // 30 screen › PairingState › radio › appeared
      changes: [
        "screens.screen.pairing #2._0._0.rows[0]": #"Row(id: "4D:5E:90:6C", model: "Sony SRS-XB13", signal: -75, pairedAs: nil, isSelected: true, mark: .inserted)"#,
        "screens.screen.pairing #2._0._0.changes": #"LocalizedText(key: TextKey(name: "changes.summary"), arguments: [.int(1), .int(0), .int(0), .int(0), .int(0)])"#,
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"appeared":{"_0":{"id":"9E:0F:61:4A","model":"Bang & Olufsen A1","signal":-53}}}}},"screen":"PairingState"}}}"#),  // 31 screen › PairingState › radio › appeared
      changes: [
        "screens.screen.pairing #2._0._0.rows[0].id": #""9E:0F:61:4A""#,
        "screens.screen.pairing #2._0._0.rows[0].model": #""Bang & Olufsen A1""#,
        "screens.screen.pairing #2._0._0.rows[0].signal": "-53",
        "screens.screen.pairing #2._0._0.rows[1]": #"Row(id: "4D:5E:90:6C", model: "Sony SRS-XB13", signal: -75, pairedAs: nil, isSelected: false, mark: nil)"#,
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"appeared":{"_0":{"id":"0A:1B:77:20","model":"UE Boom 3","signal":-45}}}}},"screen":"PairingState"}}}"#),  // 32 screen › PairingState › radio › appeared
      changes: [
        "screens.screen.pairing #2._0._0.rows[0].id": #""0A:1B:77:20""#,
        "screens.screen.pairing #2._0._0.rows[0].model": #""UE Boom 3""#,
        "screens.screen.pairing #2._0._0.rows[0].signal": "-45",
        "screens.screen.pairing #2._0._0.rows[1].id": #""9E:0F:61:4A""#,
        "screens.screen.pairing #2._0._0.rows[1].model": #""Bang & Olufsen A1""#,
        "screens.screen.pairing #2._0._0.rows[1].signal": "-53",
        "screens.screen.pairing #2._0._0.rows[2]": #"Row(id: "4D:5E:90:6C", model: "Sony SRS-XB13", signal: -75, pairedAs: nil, isSelected: false, mark: nil)"#,
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"signal":{"dBm":-56,"id":"9E:0F:61:4A"}}}},"screen":"PairingState"}}}"#),  // 33 screen › PairingState › radio › signal
      changes: [
        "screens.screen.pairing #2._0._0.rows[0].mark": "nil",
        "screens.screen.pairing #2._0._0.rows[1].signal": "-56",
        "screens.screen.pairing #2._0._0.rows[1].mark": ".updated",
        "screens.screen.pairing #2._0._0.changes.arguments[0]._0": "0",
        "screens.screen.pairing #2._0._0.changes.arguments[2]._0": "1",
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"signal":{"dBm":-52,"id":"0A:1B:77:20"}}}},"screen":"PairingState"}}}"#),  // 34 screen › PairingState › radio › signal
      changes: [
        "screens.screen.pairing #2._0._0.rows[0].signal": "-52",
        "screens.screen.pairing #2._0._0.rows[0].mark": ".updated",
        "screens.screen.pairing #2._0._0.rows[1].mark": "nil",
      ])
    .step(
      event(#"{"screen":{"_0":{"number":2},"_1":{"event":{"radio":{"_0":{"signal":{"dBm":-66,"id":"4D:5E:90:6C"}}}},"screen":"PairingState"}}}"#),  // 35 screen › PairingState › radio › signal
      changes: [
        "screens.screen.pairing #2._0._0.rows[0].mark": "nil",
        "screens.screen.pairing #2._0._0.rows[2].signal": "-66",
        "screens.screen.pairing #2._0._0.rows[2].mark": ".updated",
      ])
  #expect(replayed.stepsTaken == 35, "every recorded step replayed")
}
