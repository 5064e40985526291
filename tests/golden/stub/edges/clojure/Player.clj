(ns Player
  (:gen-class)
  (:require [clojure.string :as str]))

; Layouts the LOA and features stubs do not reach: no game loop, a long
; loop amount, a bool alone on its line, a reserved word as a name, quotes,
; a percent sign and a backslash in the answer.

(defn -main [& args]
  (let [n (Long/parseLong (read-line))]
    (dotimes [_ n]
      (let [v (not= (read-line) "0")]))
    (let [inputs (str/split (read-line) #" ")]
      (dotimes [i n]
        (let [p (Double/parseDouble (inputs i))])))
    (let [inputs (str/split (read-line) #" " 2)
          k (Integer/parseInt (inputs 0))
          s (inputs 1)
          flag (not= (read-line) "0")
          end (read-line)]

      ; Write an answer with println (it flushes).
      ; To debug: (binding [*out* *err*] (println "Debug messages..."))
      ; Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

      (println (str n " " s " " end " it's 100% \\ done " flag)))))
