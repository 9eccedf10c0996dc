kakuro
title "Eight 9"
by "Hanjie generator"
license MIT
difficulty 3
seed 404
size 8x8

grid
#     #     #     #     4\    26\   34\   30\
#     #     #     \27   .     .     .     .
#     #     #     \11   .     .     .     .
#     10\   26\   #     14\23 .     .     .
\3    .     .     7\13  .     .     .     .
\24   .     .     .     .     16\3  .     .
\33   .     .     .     .     .     .     .
\30   .     .     .     .     .     .     .

solution
# # # # # # # #
# # # # 3 7 8 9
# # # # 1 5 3 2
# # # # # 8 9 6
# 1 2 # 2 6 1 4
# 3 9 4 8 # 2 1
# 2 7 1 3 9 6 5
# 4 8 2 1 7 5 3
