(* Layouts the LOA and features stubs do not reach: no game loop, a long *)
(* loop amount, a bool alone on its line, a reserved word as a name, quotes, *)
(* a percent sign and a backslash in the answer. *)

let () =
  let n = int_of_string (input_line stdin) in
  for i = 0 to n - 1 do
    let v = (input_line stdin) <> "0" in
    ()
  done;
  let inputs = String.split_on_char ' ' (input_line stdin) in
  for i = 0 to n - 1 do
    let p = float_of_string (List.nth inputs i) in
    ()
  done;
  let inputs = String.split_on_char ' ' (input_line stdin) in
  let k = int_of_string (List.nth inputs 0) in
  let s = String.concat " " (List.filteri (fun k _ -> k >= 1) inputs) in
  let flag = (input_line stdin) <> "0" in
  let end_ = input_line stdin in

  (* Write an answer with print_endline (it flushes). *)
  (* To debug: prerr_endline "Debug message"; *)
  (* Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md). *)

  print_endline (string_of_int n ^ " " ^ s ^ " " ^ end_ ^ " it's 100% \\ done " ^ string_of_bool flag);
  ()
