//! `bake` through the binary: its CSV, read back, is the contract's bake value for value.

use crate::common::{cli, contract_bake, csv_rows, example, stdout_of};
use arora_types::value::Value;

/// The CSV rows `bake` writes for `args`, header first.
fn baked_csv(args: &[&str]) -> Vec<Vec<String>> {
    csv_rows(&stdout_of(cli().arg("bake").args(args)))
}

/// The contract's value as the CSV writes it.
fn cell(value: &Value) -> String {
    match value {
        Value::F64(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::String(s) => s.clone(),
        Value::Option(Some(inner)) => cell(inner),
        other => panic!("an unexpected sample {other:?}"),
    }
}

fn assert_csv_is_the_contract_bake(
    name: &str,
    args: &[&str],
    rate: f32,
    window: (Option<u64>, Option<u64>),
) {
    let path = example(name);
    let mut all = vec![path.to_str().unwrap()];
    all.extend(args);
    let rows = baked_csv(&all);
    let baked = contract_bake(name, rate, window.0, window.1, false);
    let header: Vec<&str> = baked
        .tracks
        .iter()
        .map(|t| t.animatable_id.as_str())
        .collect();
    assert_eq!(rows[0][0], "time_ns");
    assert_eq!(rows[0][1..], header[..]);
    for (column, track) in baked.tracks.iter().enumerate() {
        let Value::ArrayValue(values) = &track.values else {
            panic!("values are an ArrayValue")
        };
        assert_eq!(values.len(), rows.len() - 1, "{name}: one row per sample");
        for (row, value) in rows[1..].iter().zip(values) {
            let written = &row[column + 1];
            match value {
                // Numbers compare by bits: the CSV's shortest form reads back exactly.
                Value::F64(x) => assert_eq!(written.parse::<f64>().unwrap().to_bits(), x.to_bits()),
                other => assert_eq!(*written, cell(other)),
            }
        }
    }
}

#[test]
fn the_csv_of_each_example_is_the_contract_bake_value_for_value() {
    for name in ["wave.json", "blink.json", "handles.json"] {
        assert_csv_is_the_contract_bake(name, &[], 60.0, (None, None));
        assert_csv_is_the_contract_bake(name, &["--rate", "29.97"], 29.97, (None, None));
    }
}

#[test]
fn a_window_longer_than_a_chunk_is_the_contract_bake_exactly() {
    // 10001 samples a track: the streamed bake crosses chunk boundaries.
    let args = ["--rate", "7919", "--from", "0.25", "--to", "1.5"];
    let window = (Some(250_000_000), Some(1_500_000_000));
    assert_csv_is_the_contract_bake("handles.json", &args, 7919.0, window);
}

#[test]
fn the_sample_times_are_the_contracts_up_to_the_first_at_or_past_the_end() {
    let path = example("wave.json");
    let rows = baked_csv(&[path.to_str().unwrap(), "--rate", "3"]);
    let times: Vec<&str> = rows[1..].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        times,
        ["0", "333333333.3333333", "666666666.6666666", "1000000000"]
    );
}

#[test]
fn derivatives_follow_each_number_column_as_the_contract_gives_them() {
    let path = example("wave.json");
    let rows = baked_csv(&[path.to_str().unwrap(), "--derivatives", "--rate", "100"]);
    assert_eq!(
        rows[0],
        [
            "time_ns",
            "arm/angle",
            "arm/angle velocity",
            "light/on",
            "face/expression"
        ]
    );
    let baked = contract_bake("wave.json", 100.0, None, None, true);
    let Value::ArrayValue(velocities) = &baked.tracks[0].derivatives else {
        panic!()
    };
    for (row, velocity) in rows[1..].iter().zip(velocities) {
        let Value::Option(Some(v)) = velocity else {
            panic!("{velocity:?}")
        };
        let Value::F64(v) = **v else { panic!() };
        assert_eq!(row[2].parse::<f64>().unwrap().to_bits(), v.to_bits());
    }
}

#[test]
fn json_is_the_baked_animation() {
    let path = example("wave.json");
    let output = cli()
        .args([
            "bake",
            path.to_str().unwrap(),
            "--format",
            "json",
            "--rate",
            "4",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["frameRate"].as_f64(), Some(4.0));
    assert_eq!(json["endNs"], 1_000_000_000);
    assert_eq!(json["tracks"][0]["animatableId"], "arm/angle");
    assert_eq!(json["tracks"][0]["values"].as_array().unwrap().len(), 5);
    assert_eq!(json["tracks"][1]["values"][2], true);
    assert_eq!(json["tracks"][2]["values"][2], "smile");
    assert_eq!(json["tracks"][0]["derivatives"], serde_json::json!([]));
}

#[test]
fn impossible_options_are_one_line_and_status_2() {
    let path = example("wave.json");
    let path = path.to_str().unwrap();
    for args in [
        vec!["bake", path, "--rate", "0"],
        vec!["bake", path, "--rate", "-5"],
        vec!["bake", path, "--from", "3", "--to", "1"],
        vec!["bake", path, "--format", "xml"],
        vec!["bake", path, "--frobnicate"],
        vec!["bake", "no/such/clip.json"],
        vec!["bake", path, "-o", "/no/such/dir/out.csv"],
    ] {
        let output = cli().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        if !args.contains(&"--frobnicate") && !args.contains(&"xml") {
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        }
    }
}

#[test]
fn a_bake_past_the_contracts_cap_streams_every_sample() {
    // 3 keyed tracks × 600,001 samples: the contract refuses it, the command line does not.
    let path = example("wave.json");
    let output = cli()
        .args(["bake", path.to_str().unwrap(), "--rate", "600000"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines = output.stdout.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(lines, 1 + 600_001);
    let (mut module, anim) = crate::common::host_with("wave.json");
    use arora_animation_module::Animation;
    assert_eq!(module.bake(anim, Some(600_000.0), None, None), None);
}
