//! `play` through the binary: its values are `step_values` through the contract for the
//! same session, and on a module directory's guest they are the host's.

use crate::common::{cli, csv_rows, example, stdout_of};
use arora_animation_cli::clip_file::ClipFile;
use arora_animation_module::{Animation, ContractModule, clip_record};
use arora_types::value::Value;

/// The JSON `play` prints for `args`.
fn played(args: &[&str]) -> serde_json::Value {
    let json = stdout_of(cli().arg("play").args(args).args(["--format", "json"]));
    serde_json::from_slice(&json).expect("play prints JSON")
}

/// The CSV rows `play` prints for `args`, header first. CSV, not JSON, because serde_json's
/// default float reader is not correctly rounded; `str::parse` is.
fn played_csv(args: &[&str]) -> Vec<Vec<String>> {
    csv_rows(&stdout_of(
        cli().arg("play").args(args).args(["--format", "csv"]),
    ))
}

/// Whether a printed cell is exactly the contract's value.
fn is_exactly(cell: &str, value: &Value) -> bool {
    match value {
        Value::F64(x) => cell
            .parse::<f64>()
            .is_ok_and(|c| c.to_bits() == x.to_bits()),
        Value::Boolean(b) => cell == b.to_string(),
        Value::String(s) => cell == s,
        Value::Unit => cell.is_empty(),
        _ => false,
    }
}

fn assert_row(row: &[String], values: &[Value], k: u64) {
    assert_eq!(row.len(), values.len(), "step {k}");
    for (cell, value) in row.iter().zip(values) {
        assert!(is_exactly(cell, value), "step {k}: {cell} is not {value:?}");
    }
}

#[test]
fn the_values_are_step_values_of_the_same_session_through_the_contract() {
    let (wave, blink) = (example("wave.json"), example("blink.json"));
    let rows = played_csv(&[
        wave.to_str().unwrap(),
        blink.to_str().unwrap(),
        "--weight",
        "1",
        "--weight",
        "0.5",
        "--offset",
        "0",
        "--offset",
        "0.1",
        "--loop",
        "ping_pong",
        "--speed",
        "1.5",
        "--rate",
        "50",
        "--duration",
        "2",
    ]);
    // The same session by hand, on a fresh host registration.
    let mut module = ContractModule::new();
    let player = Animation::create_player(&mut module, Some("play".into()));
    for (i, (path, weight)) in [(&wave, 1.0), (&blink, 0.5)].into_iter().enumerate() {
        let clip = ClipFile::read(path).unwrap().clip;
        let anim = module.load_clip(clip_record(&clip));
        let instance = module.add_instance_with_weight(player, anim, weight);
        assert_eq!(
            module.set_start_offset(player, instance, i as i64 * 100_000_000),
            instance
        );
    }
    module.set_speed(player, 1.5);
    module.set_loop(player, "ping_pong".into());
    let keys = Animation::output_keys(&mut module).keys;
    assert_eq!(rows[0][1..], keys[..]);
    assert_eq!(rows.len(), 1 + 100);
    for (k, row) in (1..=100u64).zip(&rows[1..]) {
        let values = Animation::step_values(&mut module, 20_000_000, Some(k * 20_000_000)).values;
        let Value::ArrayValue(values) = values else {
            panic!()
        };
        assert_eq!(row[0], (k * 20_000_000).to_string());
        assert_row(&row[1..], &values, k);
    }
}

#[test]
fn velocities_come_from_step_with_velocities() {
    let wave = example("wave.json");
    let rows = played_csv(&[wave.to_str().unwrap(), "--velocities", "--rate", "10"]);
    let (mut module, anim) = crate::common::host_with("wave.json");
    let player = Animation::create_player(&mut module, Some("play".into()));
    module.add_instance_with_weight(player, anim, 1.0);
    assert_eq!(rows[0][1..3], ["arm/angle", "arm/angle velocity"]);
    for (k, row) in (1..=10u64).zip(&rows[1..]) {
        let samples = module.step_with_velocities(100_000_000, Some(k * 100_000_000));
        let Value::ArrayValue(velocities) = samples.velocities else {
            panic!()
        };
        let printed: Vec<String> = row[1..].iter().skip(1).step_by(2).cloned().collect();
        assert_row(&printed, &velocities, k);
    }
}

#[test]
fn the_table_and_csv_show_every_step() {
    let wave = example("wave.json");
    let output = cli()
        .args(["play", wave.to_str().unwrap(), "--rate", "4"])
        .output()
        .unwrap();
    let table = String::from_utf8(output.stdout).unwrap();
    assert_eq!(table.lines().count(), 1 + 4, "{table}");
    assert!(table.lines().next().unwrap().contains("arm/angle"));
    let output = cli()
        .args([
            "play",
            wave.to_str().unwrap(),
            "--rate",
            "4",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    let csv = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        csv.lines().next(),
        Some("time_ns,arm/angle,light/on,face/expression")
    );
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .starts_with("500000000,90,true,smile"),
        "{csv}"
    );
}

#[test]
fn refused_settings_are_one_line_each() {
    let wave = example("wave.json");
    let wave = wave.to_str().unwrap();
    let cases: [(&[&str], i32); 6] = [
        (&["--weight", "-1"], 1),
        (&["--speed", "1e9"], 1),
        (&["--weight", "1", "--weight", "1"], 2),
        (&["--window", "2..1"], 2),
        (&["--rate", "0"], 2),
        (&["--loop", "sometimes"], 2),
    ];
    for (args, status) in cases {
        let output = cli().arg("play").arg(wave).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(status), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn on_a_module_directory_the_guest_answers_as_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let guest = arora_animation_module_dir::build_guest(arora_animation_module_dir::Target::Wasip1)
        .expect("the guest builds");
    arora_animation_module_dir::write(dir.path(), &guest).expect("the module directory is written");
    let (wave, blink) = (example("wave.json"), example("blink.json"));
    let args = [
        wave.to_str().unwrap(),
        blink.to_str().unwrap(),
        "--weight",
        "0.25",
        "--loop",
        "bounce",
        "--velocities",
        "--rate",
        "30",
        "--duration",
        "3",
    ];
    let host = played(&args);
    let mut on_device = args.to_vec();
    on_device.extend(["--module-dir", dir.path().to_str().unwrap()]);
    assert_eq!(played(&on_device), host);
}
