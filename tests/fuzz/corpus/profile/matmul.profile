{
  "pacer_profile": 1,
  "sources": [
    "../../../examples/kernels/matmul.c"
  ],
  "digests": {
    "../../../examples/kernels/matmul.c": "aa2e2c869ba057dc"
  },
  "functions": [
    "matmul"
  ],
  "compile_flags": [],
  "args": "",
  "parameters": {
    "matmul.n": 256.0
  },
  "trips": {},
  "counts": {
    "check": 1.0,
    "check/seg_L33": 1.0,
    "check/seg_L33_2": 16.0,
    "check/seg_L34": 320.0,
    "check/seg_L36": 81920.0,
    "check/seg_L37": 320.0,
    "check/seg_L38": 0.0,
    "fill": 1.0,
    "fill/seg_L23": 1.0,
    "fill/seg_L23_2": 256.0,
    "fill/seg_L24": 65536.0,
    "main": 1.0,
    "main/seg_L46": 1.0,
    "main/seg_L47": 1.0,
    "main/seg_L48": 1.0,
    "main/seg_L48_2": 1.0,
    "main/seg_L49": 1.0,
    "matmul": 1.0,
    "matmul/seg_L14": 1.0,
    "matmul/seg_L14_2": 256.0,
    "matmul/seg_L15": 65536.0,
    "matmul/seg_L17": 16777216.0,
    "matmul/seg_L18": 65536.0
  },
  "stopped": false,
  "notes": []
}
